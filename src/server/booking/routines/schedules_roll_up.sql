-- Keeps the Reports page's roll-up (migration 0044, ADR 0070) in the booking's own transaction:
-- each booking that has wall minutes (schedules_wall_minutes) is counted once in
-- booking_month_shapes, under its space, local month, weekday (0 is Monday), shape and client. A
-- change takes the old row's count away and adds the new one's; holds and claims are not bookings
-- and are not counted until they become one. A count that falls to 0 is deleted, so that the
-- table holds exactly the counts of the bookings that exist (migration 0044 says why it needs no
-- foreign keys of its own).
--
-- The update trigger names start_time and end_time as well: a trigger's column list sees only the
-- columns an UPDATE sets, not those schedules_placed derives from them.
CREATE OR REPLACE FUNCTION schedules_roll_up() RETURNS trigger AS $$
DECLARE
  counted_at tid;
  remaining integer;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."kind" = 'booking' AND OLD."local_start_minute" IS NOT NULL THEN
    UPDATE "booking_month_shapes" SET "bookings" = "bookings" - 1
      WHERE "organisation_id" = OLD."organisation_id" AND "month" = date_trunc('month', OLD."local_date"::timestamp)::date
        AND "room_id" = OLD."room_id" AND "weekday" = (OLD."local_date" - date '2000-01-03') % 7
        AND "start_minute" = OLD."local_start_minute" AND "end_minute" = OLD."local_end_minute"
        AND "changeover_minutes" = OLD."changeover_minutes" AND "client_id" IS NOT DISTINCT FROM OLD."client_id"
      RETURNING ctid, "bookings" INTO counted_at, remaining;
    IF remaining = 0 THEN
      DELETE FROM "booking_month_shapes" WHERE ctid = counted_at;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."kind" = 'booking' AND NEW."local_start_minute" IS NOT NULL THEN
    INSERT INTO "booking_month_shapes" AS m ("organisation_id", "month", "room_id", "weekday", "start_minute", "end_minute",
        "changeover_minutes", "client_id", "bookings")
      VALUES (NEW."organisation_id", date_trunc('month', NEW."local_date"::timestamp)::date, NEW."room_id",
        (NEW."local_date" - date '2000-01-03') % 7, NEW."local_start_minute", NEW."local_end_minute", NEW."changeover_minutes",
        NEW."client_id", 1)
      ON CONFLICT ON CONSTRAINT "booking_month_shapes_key" DO UPDATE SET "bookings" = m."bookings" + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS schedules_roll_up_new ON "schedules";
CREATE TRIGGER schedules_roll_up_new AFTER INSERT ON "schedules"
  FOR EACH ROW WHEN (NEW."kind" = 'booking' AND NEW."local_start_minute" IS NOT NULL) EXECUTE FUNCTION schedules_roll_up();
DROP TRIGGER IF EXISTS schedules_roll_up_gone ON "schedules";
CREATE TRIGGER schedules_roll_up_gone AFTER DELETE ON "schedules"
  FOR EACH ROW WHEN (OLD."kind" = 'booking' AND OLD."local_start_minute" IS NOT NULL) EXECUTE FUNCTION schedules_roll_up();
DROP TRIGGER IF EXISTS schedules_roll_up_changed ON "schedules";
CREATE TRIGGER schedules_roll_up_changed AFTER UPDATE OF "kind", "room_id", "client_id", "start_time", "end_time", "local_date",
  "local_start_minute", "local_end_minute", "changeover_minutes" ON "schedules"
  FOR EACH ROW WHEN ((OLD."kind", OLD."room_id", OLD."client_id", OLD."local_date", OLD."local_start_minute", OLD."local_end_minute",
    OLD."changeover_minutes") IS DISTINCT FROM (NEW."kind", NEW."room_id", NEW."client_id", NEW."local_date", NEW."local_start_minute",
    NEW."local_end_minute", NEW."changeover_minutes"))
  EXECUTE FUNCTION schedules_roll_up();
