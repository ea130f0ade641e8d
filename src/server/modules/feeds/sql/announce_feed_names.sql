-- What a feed shows beyond its bookings (ADR 0059): the names of spaces (change rooms among them)
-- and facilities, a facility's zone, client names, and which spaces are parts of which. A change
-- of any of these, or a space deleted with its bookings, is announced on feed_changes as
-- 'organisation:<id>', and each app instance drops every cached feed of that organisation. These
-- writes are rare, and an organisation without feeds announces nothing.
CREATE OR REPLACE FUNCTION announce_feed_names() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT FROM "calendar_feeds" f WHERE f."organisation_id" = OLD."organisation_id") THEN
    PERFORM pg_notify('feed_changes', 'organisation:' || OLD."organisation_id"::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS rooms_announce_to_feeds ON "rooms";
CREATE TRIGGER rooms_announce_to_feeds AFTER UPDATE ON "rooms"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."parent_id" IS DISTINCT FROM NEW."parent_id"
    OR OLD."facility_id" IS DISTINCT FROM NEW."facility_id")
  EXECUTE FUNCTION announce_feed_names();

DROP TRIGGER IF EXISTS rooms_deleted_announce_to_feeds ON "rooms";
CREATE TRIGGER rooms_deleted_announce_to_feeds AFTER DELETE ON "rooms"
  FOR EACH ROW EXECUTE FUNCTION announce_feed_names();

DROP TRIGGER IF EXISTS facilities_announce_to_feeds ON "facilities";
CREATE TRIGGER facilities_announce_to_feeds AFTER UPDATE ON "facilities"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."time_zone" IS DISTINCT FROM NEW."time_zone")
  EXECUTE FUNCTION announce_feed_names();

DROP TRIGGER IF EXISTS clients_announce_to_feeds ON "clients";
CREATE TRIGGER clients_announce_to_feeds AFTER UPDATE ON "clients"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION announce_feed_names();
