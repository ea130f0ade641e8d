-- The spec's start list, held by the database (docs/product.md#events, 'Where a booking may start'):
-- a booking starts on its space's booking interval, counted from the opening, from the opening up
-- to but not including the closing, on the facility's wall clock. schedules_placed already reads
-- the booked room and its facility's zone, so it checks the start too, for a new row and for a row
-- whose start or space changes; a row that keeps both (a title edit, a resize, an event booked
-- before the space's hours changed) is not judged again. The part of an event split at midnight
-- that starts at 12:00 AM is the same booking continuing, not a new start.
CREATE OR REPLACE FUNCTION schedules_placed() RETURNS trigger AS $$
DECLARE
  zone text;
  changeover integer;
  opens time;
  closes time;
  step integer;
  wall_minutes numeric;
  open_minutes numeric;
  close_minutes numeric;
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
  NEW."local_date" := (NEW."start_time" AT TIME ZONE zone)::date;
  NEW."changeover_minutes" := CASE
    WHEN NEW."event_group_id" IS NOT NULL AND ((NEW."end_time" + interval '1 millisecond') AT TIME ZONE zone)::time = '00:00' THEN 0
    ELSE changeover END;
  IF TG_OP = 'INSERT' OR NEW."start_time" <> OLD."start_time" OR NEW."room_id" <> OLD."room_id" THEN
    wall_minutes := extract(epoch FROM (NEW."start_time" AT TIME ZONE zone)::time) / 60;
    IF NOT (NEW."event_group_id" IS NOT NULL AND wall_minutes = 0) THEN
      open_minutes := extract(epoch FROM opens) / 60;
      -- A closing of 12:00 AM is the midnight that ends the day (migration 0035).
      close_minutes := CASE WHEN closes = '00:00' THEN 1440 ELSE extract(epoch FROM closes) / 60 END;
      IF wall_minutes < open_minutes OR wall_minutes >= close_minutes OR mod(wall_minutes - open_minutes, step) <> 0 THEN
        RAISE EXCEPTION 'A booking must start on its space''s booking interval, within its hours'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'schedules_start_on_booking_grid';
      END IF;
    END IF;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
