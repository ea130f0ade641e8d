-- Sets a booked row's local date in its facility's zone and the changeover it carries (its
-- space's; none after the first part of an event split at midnight) before the row is written. It
-- reads the facility by its key from the one room it found, rather than joining the two tables:
-- the join's generic plan built a hash table of an organisation's facilities on every booking
-- (ADR 0037).
--
-- It also holds the spec's start list (docs/product.md#events, 'Where a booking may start'): a
-- booking starts on its space's booking interval, counted from the opening, from the opening up to
-- but not including the closing, on the facility's wall clock; the shared startProblem
-- (src/shared/scheduling/operating-hours.ts) words the refusal. Only a new row, or one whose start
-- or space changes, is judged: a title edit, a resize or an event booked before the space's hours
-- changed is not. The part of an event split at midnight that starts at 12:00 AM continues its
-- booking and is not a new start.
--
-- With the local date it sets the booking's minutes on that date's wall clock
-- (schedules_wall_minutes), which the Reports page's roll-up counts.
CREATE OR REPLACE FUNCTION schedules_placed() RETURNS trigger AS $$
DECLARE
  zone text;
  changeover integer;
  opens time;
  closes time;
  step integer;
  local_start timestamp;
  wall time;
  start_minute integer;
  length integer;
  minutes integer;
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
      r."changeover_minutes", r."operating_start_time", r."operating_end_time", r."booking_interval"
    INTO zone, changeover, opens, closes, step FROM "rooms" r
    WHERE r."organisation_id" = NEW."organisation_id" AND r."id" = NEW."room_id";
  -- A room that is not the organisation's leaves the defaults, for the foreign key to refuse the row.
  IF zone IS NULL THEN
    NEW."changeover_minutes" := 0;
    RETURN NEW;
  END IF;
  -- The start on the facility's wall clock, converted once. Whole minutes as integers, and times
  -- compared as times: numeric arithmetic here cost a booking about 0.3 % of its instructions.
  local_start := NEW."start_time" AT TIME ZONE zone;
  NEW."local_date" := local_start::date;
  NEW."changeover_minutes" := CASE
    WHEN NEW."event_group_id" IS NOT NULL AND ((NEW."end_time" + interval '1 millisecond') AT TIME ZONE zone)::time = '00:00' THEN 0
    ELSE changeover END;
  -- schedules_wall_minutes's rule, written out here: called as a function it cost a booking about
  -- 80,000 instructions more (scripts/count-booking-instructions.ts). roll-up.integration.test.ts
  -- checks both against the same expectation.
  wall := local_start::time;
  start_minute := date_part('hour', wall)::integer * 60 + date_part('minute', wall)::integer;
  length := (date_part('epoch', NEW."end_time" - NEW."start_time") / 60)::integer;
  IF start_minute + length <= 1440 AND (NEW."end_time" + NEW."changeover_minutes" * interval '1 minute') AT TIME ZONE zone
      = local_start + (NEW."end_time" + NEW."changeover_minutes" * interval '1 minute' - NEW."start_time") THEN
    NEW."local_start_minute" := start_minute;
    NEW."local_end_minute" := start_minute + length;
  ELSE
    NEW."local_start_minute" := NULL;
    NEW."local_end_minute" := NULL;
  END IF;
  IF TG_OP = 'INSERT' OR NEW."start_time" <> OLD."start_time" OR NEW."room_id" <> OLD."room_id" THEN
    wall := local_start::time;
    IF NOT (NEW."event_group_id" IS NOT NULL AND wall = '00:00') THEN
      minutes := date_part('hour', wall)::integer * 60 + date_part('minute', wall)::integer
        - date_part('hour', opens)::integer * 60 - date_part('minute', opens)::integer;
      -- A closing of 12:00 AM is the midnight that ends the day (migration 0035).
      IF wall < opens OR (closes <> '00:00' AND wall >= closes) OR date_trunc('minute', local_start) <> local_start
        OR minutes % step <> 0 THEN
        RAISE EXCEPTION 'A booking must start on its space''s booking interval, within its hours'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'schedules_start_on_booking_grid';
      END IF;
    END IF;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS schedules_placed ON "schedules";
CREATE TRIGGER schedules_placed BEFORE INSERT OR UPDATE OF "start_time", "end_time", "room_id", "organisation_id", "event_group_id",
  "changeover_minutes" ON "schedules" FOR EACH ROW EXECUTE FUNCTION schedules_placed();
