-- What a space's wholes' bookings hold follows the space when it joins or leaves a whole: the
-- bookings of the old wholes let go of its parts, those of the new wholes take them, and a clash
-- there refuses the change. The wholes' rows are taken first, as a booking takes its room's, so
-- a booking of a whole made meanwhile waits and then sees the tree as it is.
CREATE OR REPLACE FUNCTION rooms_reoccupy() RETURNS trigger AS $$
DECLARE
  old_parent uuid := CASE WHEN TG_OP = 'UPDATE' THEN OLD."parent_id" END;
BEGIN
  PERFORM 1 FROM "rooms" WHERE "organisation_id" = NEW."organisation_id" AND "id" IN (
    WITH RECURSIVE wholes AS (
      SELECT r."id", r."parent_id" FROM "rooms" r WHERE r."organisation_id" = NEW."organisation_id" AND r."id" IN (old_parent, NEW."parent_id")
      UNION
      SELECT r."id", r."parent_id" FROM "rooms" r JOIN wholes w ON r."organisation_id" = NEW."organisation_id" AND r."id" = w."parent_id"
    ) SELECT "id" FROM wholes) FOR NO KEY UPDATE;
  IF old_parent IS NOT NULL THEN
    DELETE FROM "space_occupancy" o
    USING "schedules" s
    WHERE o."organisation_id" = NEW."organisation_id" AND s."organisation_id" = NEW."organisation_id" AND s."id" = o."schedule_id"
      AND s."room_id" IN (
        WITH RECURSIVE wholes AS (
          SELECT r."id", r."parent_id" FROM "rooms" r WHERE r."organisation_id" = NEW."organisation_id" AND r."id" = old_parent
          UNION ALL
          SELECT r."id", r."parent_id" FROM "rooms" r JOIN wholes w ON r."organisation_id" = NEW."organisation_id" AND r."id" = w."parent_id"
        ) SELECT "id" FROM wholes)
      AND o."unit_id" IN (
        WITH RECURSIVE parts AS (
          SELECT NEW."id" AS "id"
          UNION ALL
          SELECT r."id" FROM "rooms" r JOIN parts p ON r."organisation_id" = NEW."organisation_id" AND r."parent_id" = p."id"
        ) SELECT "id" FROM parts);
  END IF;
  IF NEW."parent_id" IS NOT NULL THEN
    INSERT INTO "space_occupancy" ("organisation_id", "schedule_id", "unit_id", "during")
    WITH RECURSIVE wholes AS (
      SELECT r."id", r."parent_id" FROM "rooms" r WHERE r."organisation_id" = NEW."organisation_id" AND r."id" = NEW."parent_id"
      UNION ALL
      SELECT r."id", r."parent_id" FROM "rooms" r JOIN wholes w ON r."organisation_id" = NEW."organisation_id" AND r."id" = w."parent_id"
    ), parts AS (
      SELECT NEW."id" AS "id"
      UNION ALL
      SELECT r."id" FROM "rooms" r JOIN parts p ON r."organisation_id" = NEW."organisation_id" AND r."parent_id" = p."id"
    )
    SELECT s."organisation_id", s."id", parts."id",
      tstzrange(s."start_time", s."end_time" + make_interval(mins => s."changeover_minutes"), '[)')
    FROM "schedules" s CROSS JOIN parts
    WHERE s."organisation_id" = NEW."organisation_id" AND s."room_id" IN (SELECT "id" FROM wholes);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS rooms_reoccupy_moved ON "rooms";
CREATE TRIGGER rooms_reoccupy_moved AFTER UPDATE OF "parent_id" ON "rooms"
  FOR EACH ROW WHEN (OLD."parent_id" IS DISTINCT FROM NEW."parent_id") EXECUTE FUNCTION rooms_reoccupy();

DROP TRIGGER IF EXISTS rooms_reoccupy_new ON "rooms";
CREATE TRIGGER rooms_reoccupy_new AFTER INSERT ON "rooms"
  FOR EACH ROW WHEN (NEW."parent_id" IS NOT NULL) EXECUTE FUNCTION rooms_reoccupy();
