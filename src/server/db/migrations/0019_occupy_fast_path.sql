-- A booking of a space without parts holds one space_occupancy row, its own (ADR 0024). Nearly
-- every booking is such a booking, and schedules_occupy (migration 0014, with migration 0016's
-- closure check) walked the parts twice for it, to lock them and then to write their rows, each
-- walk a recursive query over the organisation's rooms that finds nothing. It now asks once
-- whether the space has a part, on rooms_parent_id_idx, and when it has none writes its one row
-- directly. Spaces with parts take the walk as before, parts locked top down before any row is
-- written; the closure check after it is unchanged and runs for every booking.
--
-- The answer is what the walks would have found: the booking statement holds the booked space's
-- row (FOR NO KEY UPDATE) before its rows are written, and a space joining it as a part takes
-- that row first (rooms_reoccupy), so no part can join between this question and the insert;
-- and, like each walk, the question runs on a snapshot of its own, so a join that committed while
-- the booking waited for the row is seen.
CREATE OR REPLACE FUNCTION schedules_occupy() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "space_occupancy" WHERE "organisation_id" = OLD."organisation_id" AND "schedule_id" = OLD."id";
  END IF;
  IF NOT EXISTS (SELECT FROM "rooms" WHERE "organisation_id" = NEW."organisation_id" AND "parent_id" = NEW."room_id") THEN
    INSERT INTO "space_occupancy" ("organisation_id", "schedule_id", "unit_id", "during")
    VALUES (NEW."organisation_id", NEW."id", NEW."room_id",
      tstzrange(NEW."start_time", NEW."end_time" + make_interval(mins => NEW."changeover_minutes"), '[)'));
  ELSE
    PERFORM 1 FROM "rooms" r JOIN (
      WITH RECURSIVE parts AS (
        SELECT r."id", 1 AS depth FROM "rooms" r WHERE r."organisation_id" = NEW."organisation_id" AND r."parent_id" = NEW."room_id"
        UNION ALL
        SELECT r."id", p.depth + 1 FROM "rooms" r JOIN parts p ON r."organisation_id" = NEW."organisation_id" AND r."parent_id" = p."id"
      ) SELECT "id", depth FROM parts
    ) AS part ON part."id" = r."id"
    WHERE r."organisation_id" = NEW."organisation_id"
    ORDER BY part.depth, r."id"
    FOR NO KEY UPDATE OF r;
    INSERT INTO "space_occupancy" ("organisation_id", "schedule_id", "unit_id", "during")
    WITH RECURSIVE parts AS (
      SELECT NEW."room_id" AS "id"
      UNION ALL
      SELECT r."id" FROM "rooms" r JOIN parts p ON r."organisation_id" = NEW."organisation_id" AND r."parent_id" = p."id"
    )
    SELECT NEW."organisation_id", NEW."id", parts."id",
      tstzrange(NEW."start_time", NEW."end_time" + make_interval(mins => NEW."changeover_minutes"), '[)')
    FROM parts;
  END IF;
  -- Most facilities have no closure at the booking's time; only then are its wholes and parts read.
  IF EXISTS (
    SELECT FROM "closures" c
    WHERE c."organisation_id" = NEW."organisation_id"
      AND c."facility_id" = (SELECT "facility_id" FROM "rooms" WHERE "organisation_id" = NEW."organisation_id" AND "id" = NEW."room_id")
      AND c."end_time" > NEW."start_time" AND c."start_time" < NEW."end_time"
      AND (c."room_id" IS NULL OR c."room_id" IN (
        WITH RECURSIVE wholes AS (
          SELECT r."id", r."parent_id" FROM "rooms" r WHERE r."organisation_id" = NEW."organisation_id" AND r."id" = NEW."room_id"
          UNION ALL
          SELECT r."id", r."parent_id" FROM "rooms" r JOIN wholes w ON r."organisation_id" = NEW."organisation_id" AND r."id" = w."parent_id"
        ), parts AS (
          SELECT NEW."room_id" AS "id"
          UNION ALL
          SELECT r."id" FROM "rooms" r JOIN parts p ON r."organisation_id" = NEW."organisation_id" AND r."parent_id" = p."id"
        ) SELECT "id" FROM wholes UNION ALL SELECT "id" FROM parts))
  ) THEN
    RAISE EXCEPTION 'the space is closed at that time' USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'closures_refuse_bookings';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
