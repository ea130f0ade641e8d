-- Closures (ADR 0026). A closure closes its whole facility, or one space with its parts. A booking
-- that would use a closed space while it is closed is refused by schedules_occupy: a space is
-- closed by a closure of its facility, of itself, of a whole it is part of, or of one of its parts
-- (booking the Full Sheet uses Half Ice A). Only the event's own times count: a changeover may run
-- into a closure, as resurfacing before maintenance does.
--
-- Adding a closure takes its facility's row, as tree changes do, then the rows of the spaces it
-- closes from the top of the tree down, as bookings take theirs. A booking and a closure that
-- meet therefore meet on a space's row: the booking made first is committed before the closure
-- lists the events it covers, and the one made after waits, then sees the closure.
CREATE OR REPLACE FUNCTION closures_take_spaces() RETURNS trigger AS $$
DECLARE
  space record;
BEGIN
  PERFORM 1 FROM "facilities" WHERE "organisation_id" = NEW."organisation_id" AND "id" = NEW."facility_id" FOR NO KEY UPDATE;
  IF NEW."room_id" IS NOT NULL THEN
    SELECT "facility_id", "type" INTO space FROM "rooms" WHERE "organisation_id" = NEW."organisation_id" AND "id" = NEW."room_id";
    -- A missing space is left to closures_room_fk.
    IF FOUND AND (space."facility_id" <> NEW."facility_id" OR space."type" = 'change_room') THEN
      RAISE EXCEPTION 'a closure closes a space of its own facility that is not a change room'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'closures_space';
    END IF;
  END IF;
  PERFORM 1 FROM "rooms" r JOIN (
    WITH RECURSIVE closed AS (
      SELECT t."id", 0 AS depth FROM "rooms" t
      WHERE t."organisation_id" = NEW."organisation_id" AND t."facility_id" = NEW."facility_id" AND t."type" <> 'change_room'
        AND CASE WHEN NEW."room_id" IS NULL THEN t."parent_id" IS NULL ELSE t."id" = NEW."room_id" END
      UNION ALL
      SELECT p."id", c.depth + 1 FROM "rooms" p JOIN closed c ON p."organisation_id" = NEW."organisation_id" AND p."parent_id" = c."id"
    ) SELECT "id", depth FROM closed
  ) AS closed ON closed."id" = r."id"
  WHERE r."organisation_id" = NEW."organisation_id"
  ORDER BY closed.depth, r."id"
  FOR NO KEY UPDATE OF r;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS closures_take_spaces ON "closures";
CREATE TRIGGER closures_take_spaces BEFORE INSERT OR UPDATE OF "facility_id", "room_id", "start_time", "end_time" ON "closures"
  FOR EACH ROW EXECUTE FUNCTION closures_take_spaces();
