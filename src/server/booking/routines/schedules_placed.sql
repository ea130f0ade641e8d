-- Sets a booked row's local date in its facility's zone and the changeover it carries (its
-- space's; none after the first part of an event split at midnight) before the row is written. It
-- reads the facility by its key from the one room it found, rather than joining the two tables:
-- the join's generic plan built a hash table of an organisation's facilities on every booking
-- (ADR 0037).
CREATE OR REPLACE FUNCTION schedules_placed() RETURNS trigger AS $$
DECLARE
  zone text;
  changeover integer;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."room_id" = OLD."room_id" AND NEW."organisation_id" = OLD."organisation_id"
    AND NEW."start_time" = OLD."start_time" AND NEW."end_time" = OLD."end_time"
    AND NEW."event_group_id" IS NOT DISTINCT FROM OLD."event_group_id" THEN
    NEW."changeover_minutes" := OLD."changeover_minutes";
    RETURN NEW;
  END IF;
  -- The facility by its key for the one room found, not by a join: a join's plan hashes the
  -- facilities' few rows on every booking (migration 0029).
  SELECT (SELECT f."time_zone" FROM "facilities" f WHERE f."organisation_id" = r."organisation_id" AND f."id" = r."facility_id"),
      r."changeover_minutes"
    INTO zone, changeover FROM "rooms" r
    WHERE r."organisation_id" = NEW."organisation_id" AND r."id" = NEW."room_id";
  -- A room that is not the organisation's leaves the defaults, for the foreign key to refuse the row.
  IF zone IS NOT NULL THEN
    NEW."local_date" := (NEW."start_time" AT TIME ZONE zone)::date;
    NEW."changeover_minutes" := CASE
      WHEN NEW."event_group_id" IS NOT NULL AND ((NEW."end_time" + interval '1 millisecond') AT TIME ZONE zone)::time = '00:00' THEN 0
      ELSE changeover END;
  ELSE
    NEW."changeover_minutes" := 0;
  END IF;
  RETURN NEW;
END;

$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS schedules_placed ON "schedules";
CREATE TRIGGER schedules_placed BEFORE INSERT OR UPDATE OF "start_time", "end_time", "room_id", "organisation_id", "event_group_id",
  "changeover_minutes" ON "schedules" FOR EACH ROW EXECUTE FUNCTION schedules_placed();
