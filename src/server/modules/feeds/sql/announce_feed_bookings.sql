-- Each app instance keeps the calendar feeds it served in memory and answers an unchanged one
-- without the database (ADR 0059). A booking written, moved or deleted is announced on the channel
-- feed_changes to every feed that shows it, as 'feed:<feed id>': its client's feed, its
-- facility's, and the feeds of its space and of each whole above it (a booked half is on the
-- whole's feed, ADR 0058). A move or a change of client announces the feeds it left as well.
-- PostgreSQL folds identical notifications of one transaction into one and delivers them only
-- once it commits, so a series is one notification per feed, heard after its rows can be read.
-- A booking of a space deleted with its space is announced by announce_feed_names, since the
-- space is gone by the time its bookings go.
CREATE OR REPLACE FUNCTION announce_feed_bookings() RETURNS trigger AS $$
DECLARE
  organisation uuid;
  changed_clients uuid[];
  changed_rooms uuid[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    organisation := OLD."organisation_id";
    changed_clients := ARRAY[OLD."client_id"];
    changed_rooms := ARRAY[OLD."room_id"];
  ELSIF TG_OP = 'UPDATE' THEN
    organisation := NEW."organisation_id";
    changed_clients := ARRAY[NEW."client_id", OLD."client_id"];
    changed_rooms := ARRAY[NEW."room_id", OLD."room_id"];
  ELSE
    organisation := NEW."organisation_id";
    changed_clients := ARRAY[NEW."client_id"];
    changed_rooms := ARRAY[NEW."room_id"];
  END IF;
  -- Most organisations have no feed: one probe of calendar_feeds_organisation_id_id_idx says so.
  IF NOT EXISTS (SELECT FROM "calendar_feeds" f WHERE f."organisation_id" = organisation) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('feed_changes', 'feed:' || f."id"::text)
  FROM "calendar_feeds" f
  WHERE f."organisation_id" = organisation
    AND (f."client_id" = ANY (changed_clients)
      OR f."facility_id" IN (
        SELECT r."facility_id" FROM "rooms" r WHERE r."organisation_id" = organisation AND r."id" = ANY (changed_rooms))
      OR f."room_id" IN (
        WITH RECURSIVE wholes AS (
          SELECT r."id", r."parent_id" FROM "rooms" r WHERE r."organisation_id" = organisation AND r."id" = ANY (changed_rooms)
          UNION
          SELECT r."id", r."parent_id" FROM "rooms" r JOIN wholes w ON r."organisation_id" = organisation AND r."id" = w."parent_id"
        ) SELECT "id" FROM wholes));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS schedules_announce_to_feeds ON "schedules";
CREATE TRIGGER schedules_announce_to_feeds AFTER INSERT OR UPDATE OR DELETE ON "schedules"
  FOR EACH ROW EXECUTE FUNCTION announce_feed_bookings();
