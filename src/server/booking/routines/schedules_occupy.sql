-- What a booking occupies (ADR 0024, ADR 0039): one space_occupancy row for the booked space and
-- one for each of its parts, down the tree, over [start, end + changeover). The exclusion
-- constraint on space_occupancy refuses two rows of one space that overlap; this trigger writes the
-- rows and refuses a booking of a closed space (ADR 0026).
--
-- Writers that reshape what a booking occupies take the spaces' rows FOR NO KEY UPDATE:
-- rooms_reoccupy when a space joins or leaves a whole, closures_take_spaces when a closure is
-- added, and edits of a space's changeover, hours or tree (the facilities repository's lockSpaces).
-- A booking holds the rows FOR SHARE, here for the parts and in the booking statement for the
-- booked space (src/server/booking/statement.ts): a share waits for those writers, and not
-- for another booking's share.
--
-- Two bookings that insert clashing rows at once could each wait for the other's uncommitted row,
-- a deadlock PostgreSQL only breaks after deadlock_timeout. So a booking first takes a transaction
-- advisory lock for each space it occupies on each UTC day its occupancy touches, in one order
-- (day, then space; ADR 0039). Two bookings that could clash share a space and a day, so the second
-- waits for the first's commit there and then meets its rows as a plain conflict; bookings of
-- other days, or of sibling halves, take no lock in common. The exclusion constraint stays the
-- guarantee: the locks only order the bookings that meet it. An edit that re-plans several events
-- writes the edited one first, out of day order, so it can still meet a like edit in a circle;
-- PostgreSQL fails one and the service writes it again (insertOrExplainConflict).
--
-- The advisory lock's two keys are the day (days since 1970-01-01 UTC) and hashtext of the space's
-- id; two spaces whose ids hash alike only wait for each other more often. Nothing else in the
-- application takes two-key advisory locks. The occupancy rows of a space with parts are written
-- from the spaces the lock walk collected, instead of another walk of the tree.
CREATE OR REPLACE FUNCTION schedules_occupy() RETURNS trigger AS $$
DECLARE
  facility uuid;
  has_parts boolean;
  is_on_board boolean;
  watched_facility uuid;
  units uuid[] := ARRAY[NEW."room_id"];
  unit uuid;
  -- The UTC days, counted from 1970-01-01, that the occupancy [start, end + changeover) touches.
  first_day integer := (NEW."start_time" AT TIME ZONE 'UTC')::date - DATE '1970-01-01';
  last_day integer := ((NEW."end_time" + make_interval(mins => NEW."changeover_minutes") - interval '1 microsecond') AT TIME ZONE 'UTC')::date
    - DATE '1970-01-01';
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "space_occupancy" WHERE "organisation_id" = OLD."organisation_id" AND "schedule_id" = OLD."id";
  END IF;
  -- Its own statement, so on a snapshot of its own: a part that joined while the booking waited
  -- for the space's row is seen (migration 0019).
  -- A new booking is announced from here too (a moved or deleted one by announce_schedule_change):
  -- the one read of its room also says who hears of it (room_change_listeners, inlined into that read).
  SELECT r."facility_id", EXISTS (SELECT FROM "rooms" p WHERE p."organisation_id" = r."organisation_id" AND p."parent_id" = r."id"),
      heard."is_on_board", heard."watched_facility"
    INTO facility, has_parts, is_on_board, watched_facility
    FROM "rooms" r
    CROSS JOIN LATERAL room_change_listeners(r."organisation_id", r."id", r."facility_id") AS heard
    WHERE r."organisation_id" = NEW."organisation_id" AND r."id" = NEW."room_id";
  -- A move is announced by announce_schedule_change, with the room it left.
  IF TG_OP = 'INSERT' AND is_on_board THEN
    PERFORM pg_notify('schedule_changes', 'room:' || NEW."room_id"::text);
  END IF;
  IF TG_OP = 'INSERT' AND watched_facility IS NOT NULL THEN
    PERFORM pg_notify('schedule_changes', 'timeline:' || watched_facility::text);
  END IF;
  -- The spaces the booking occupies, the booked one first, then its parts top down (by depth below
  -- it, then id). A room that is not the organisation's has no parts here; its row is refused by
  -- the foreign key.
  IF has_parts THEN
    FOR unit IN
      SELECT r."id" FROM "rooms" r JOIN (
        WITH RECURSIVE parts AS (
          SELECT r."id", 1 AS depth FROM "rooms" r WHERE r."organisation_id" = NEW."organisation_id" AND r."parent_id" = NEW."room_id"
          UNION ALL
          SELECT r."id", p.depth + 1 FROM "rooms" r JOIN parts p ON r."organisation_id" = NEW."organisation_id" AND r."parent_id" = p."id"
        ) SELECT "id", depth FROM parts
      ) AS part ON part."id" = r."id"
      WHERE r."organisation_id" = NEW."organisation_id"
      ORDER BY part.depth, r."id"
      FOR SHARE OF r
    LOOP
      units := units || unit;
    END LOOP;
  END IF;
  -- Day by day, each in that order. The order is one order for every booking that could clash:
  -- two bookings share spaces only when one's space is in the other's tree below it, and the
  -- shared spaces then come in the same order in both, their depths below each booked space
  -- differing by the same number.
  FOR occupied_day IN first_day .. last_day LOOP
    FOREACH unit IN ARRAY units LOOP
      PERFORM pg_advisory_xact_lock(occupied_day, hashtext(unit::text));
    END LOOP;
  END LOOP;
  IF has_parts THEN
    INSERT INTO "space_occupancy" ("organisation_id", "schedule_id", "unit_id", "during")
    SELECT NEW."organisation_id", NEW."id", occupied.unit,
      tstzrange(NEW."start_time", NEW."end_time" + make_interval(mins => NEW."changeover_minutes"), '[)')
    FROM unnest(units) AS occupied(unit);
  ELSE
    INSERT INTO "space_occupancy" ("organisation_id", "schedule_id", "unit_id", "during")
    VALUES (NEW."organisation_id", NEW."id", NEW."room_id",
      tstzrange(NEW."start_time", NEW."end_time" + make_interval(mins => NEW."changeover_minutes"), '[)'));
  END IF;
  -- Most facilities have no closure at the booking's time: one probe of closures_facility_end_idx
  -- says so, and only otherwise are the space's wholes and parts read. Two statements, so that the
  -- second's recursive plan is not even started for a booking the first has cleared.
  IF EXISTS (
    SELECT FROM "closures" c
    WHERE c."organisation_id" = NEW."organisation_id" AND c."facility_id" = facility
      AND c."end_time" > NEW."start_time" AND c."start_time" < NEW."end_time"
  ) THEN
    IF EXISTS (
      SELECT FROM "closures" c
      WHERE c."organisation_id" = NEW."organisation_id" AND c."facility_id" = facility
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
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS schedules_occupy_moved ON "schedules";
CREATE TRIGGER schedules_occupy_moved AFTER UPDATE OF "start_time", "end_time", "room_id", "changeover_minutes" ON "schedules"
  FOR EACH ROW WHEN (OLD."start_time" IS DISTINCT FROM NEW."start_time" OR OLD."end_time" IS DISTINCT FROM NEW."end_time"
    OR OLD."room_id" IS DISTINCT FROM NEW."room_id" OR OLD."changeover_minutes" IS DISTINCT FROM NEW."changeover_minutes")
  EXECUTE FUNCTION schedules_occupy();

-- A renter's hold confirmed as a booking is a new booking of its time: it is checked again, so a
-- closure written while the request waited refuses its approval (docs/product.md#renters).
DROP TRIGGER IF EXISTS schedules_occupy_confirmed ON "schedules";
CREATE TRIGGER schedules_occupy_confirmed AFTER UPDATE OF "kind" ON "schedules"
  FOR EACH ROW WHEN (OLD."kind" = 'hold' AND NEW."kind" = 'booking')
  EXECUTE FUNCTION schedules_occupy();

DROP TRIGGER IF EXISTS schedules_occupy_new ON "schedules";
CREATE TRIGGER schedules_occupy_new AFTER INSERT ON "schedules"
  FOR EACH ROW EXECUTE FUNCTION schedules_occupy();
