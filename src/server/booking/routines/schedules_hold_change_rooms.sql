-- Change rooms are never double-booked (ADR 0025). Each event holds each change room it names
-- over its times widened by its facility's change room time on both sides, and the exclusion
-- constraint on change_room_holds refuses two holds of one change room that overlap. The first
-- part of an event split at midnight is not widened after its end, nor its second part before its
-- start: the two are one stay in the change room. The facility's time is read when the event is
-- booked or its times or change rooms change, so a new change room time applies to bookings made
-- from then on.
CREATE OR REPLACE FUNCTION schedules_hold_change_rooms() RETURNS trigger AS $$
DECLARE
  zone text;
  pad interval;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "change_room_holds" WHERE "organisation_id" = OLD."organisation_id" AND "schedule_id" = OLD."id";
  END IF;
  IF NEW."change_room1_id" IS NULL AND NEW."change_room2_id" IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT f."time_zone", make_interval(mins => f."change_room_minutes") INTO zone, pad FROM "rooms" r
    JOIN "facilities" f ON f."organisation_id" = r."organisation_id" AND f."id" = r."facility_id"
    WHERE r."organisation_id" = NEW."organisation_id" AND r."id" = NEW."room_id";
  -- A room that is not the organisation's is left to the foreign key.
  IF zone IS NULL THEN
    RETURN NULL;
  END IF;
  -- The change rooms' rows are taken, in one order, before their holds are written: two bookings
  -- that want one change room then wait on its row, not on each other in the exclusion index.
  -- They come last (this trigger fires after schedules_occupy_*), after every space's row.
  PERFORM 1 FROM "rooms" WHERE "organisation_id" = NEW."organisation_id"
    AND "id" IN (NEW."change_room1_id", NEW."change_room2_id") ORDER BY "id" FOR NO KEY UPDATE;
  INSERT INTO "change_room_holds" ("organisation_id", "schedule_id", "change_room_id", "during")
  SELECT DISTINCT NEW."organisation_id", NEW."id", chosen.id, tstzrange(
    NEW."start_time" - CASE WHEN NEW."event_group_id" IS NOT NULL AND (NEW."start_time" AT TIME ZONE zone)::time = '00:00'
      THEN interval '0' ELSE pad END,
    NEW."end_time" + CASE WHEN NEW."event_group_id" IS NOT NULL AND ((NEW."end_time" + interval '1 millisecond') AT TIME ZONE zone)::time = '00:00'
      THEN interval '0' ELSE pad END,
    '[)')
  FROM unnest(ARRAY[NEW."change_room1_id", NEW."change_room2_id"]) AS chosen(id)
  WHERE chosen.id IS NOT NULL;
  -- Clashes kept by migration 0015 (is_legacy) are outside the constraint; a new hold must not meet them either.
  IF EXISTS (
    SELECT FROM "change_room_holds" h
    JOIN "change_room_holds" kept ON kept."organisation_id" = h."organisation_id" AND kept."change_room_id" = h."change_room_id"
      AND kept."is_legacy" AND kept."schedule_id" <> h."schedule_id" AND kept."during" && h."during"
    WHERE h."organisation_id" = NEW."organisation_id" AND h."schedule_id" = NEW."id"
  ) THEN
    RAISE EXCEPTION 'change room in use' USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'change_room_holds_no_overlap';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS schedules_take_change_rooms_moved ON "schedules";
CREATE TRIGGER schedules_take_change_rooms_moved AFTER UPDATE OF "start_time", "end_time", "room_id", "change_room1_id", "change_room2_id"
  ON "schedules" FOR EACH ROW WHEN (OLD."start_time" IS DISTINCT FROM NEW."start_time" OR OLD."end_time" IS DISTINCT FROM NEW."end_time"
    OR OLD."room_id" IS DISTINCT FROM NEW."room_id" OR OLD."change_room1_id" IS DISTINCT FROM NEW."change_room1_id"
    OR OLD."change_room2_id" IS DISTINCT FROM NEW."change_room2_id")
  EXECUTE FUNCTION schedules_hold_change_rooms();

DROP TRIGGER IF EXISTS schedules_take_change_rooms_new ON "schedules";
CREATE TRIGGER "schedules_take_change_rooms_new" AFTER INSERT ON "schedules"
  FOR EACH ROW WHEN (NEW."change_room1_id" IS NOT NULL OR NEW."change_room2_id" IS NOT NULL)
  EXECUTE FUNCTION schedules_hold_change_rooms();
