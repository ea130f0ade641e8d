-- A booking's triggers do only the work its rows need (ADR 0033). Measured with track_functions
-- on the bench's create scenario, the schedules triggers were most of a booking's database time:
--
-- 1. The board and timeline announcements (migrations 0007, 0023) were statement triggers with
--    transition tables. The booking statement has an INSERT, an UPDATE and a DELETE, so each
--    booking ran the function three times, twice over empty tables, each time planning-free but
--    still starting two queries. They are row triggers now: a new booking runs it once, and one
--    query tells both whether the room is on a board and whether its facility is watched. A pg_notify
--    repeated in one transaction is sent once, so a series still sends one message a room.
--
-- 2. schedules_occupy (migrations 0014, 0016, 0019) read the room twice (its parts, then its
--    facility inside the closure check) and started the closure check's recursive queries on every
--    booking. It now reads the room's facility and whether it has parts in one query, and asks for
--    the space's own closures, over the wholes and parts of its tree, only when its facility has a
--    closure at that time at all (closures_facility_end_idx), which most bookings never meet.
--    What it writes and refuses is unchanged.
--
-- 3. record_booking_activity (migration 0013) forced one generic plan with a SET clause, which
--    makes every call save and restore the setting. Its insert now settles on the generic plan by
--    itself after the first calls of a connection, so the clause only cost time.

DROP TRIGGER "schedules_notify_insert" ON "schedules";--> statement-breakpoint
DROP TRIGGER "schedules_notify_update" ON "schedules";--> statement-breakpoint
DROP TRIGGER "schedules_notify_delete" ON "schedules";--> statement-breakpoint
DROP FUNCTION notify_board_room_events();--> statement-breakpoint
CREATE FUNCTION announce_schedule_change() RETURNS trigger AS $$
DECLARE
  organisation uuid;
  changed_rooms uuid[];
  changed_room uuid;
  is_on_board boolean;
  watched_facility uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    organisation := OLD."organisation_id";
    changed_rooms := ARRAY[OLD."room_id"];
  ELSIF TG_OP = 'UPDATE' AND OLD."room_id" IS DISTINCT FROM NEW."room_id" THEN
    -- A move changes the room it left as well as the one it went to.
    organisation := NEW."organisation_id";
    changed_rooms := ARRAY[NEW."room_id", OLD."room_id"];
  ELSE
    organisation := NEW."organisation_id";
    changed_rooms := ARRAY[NEW."room_id"];
  END IF;
  FOREACH changed_room IN ARRAY changed_rooms LOOP
    SELECT EXISTS (SELECT FROM "screen_rooms" s WHERE s."organisation_id" = organisation AND s."room_id" = changed_room),
      (SELECT w."facility_id" FROM "rooms" r
        JOIN "timeline_watches" w ON w."organisation_id" = r."organisation_id" AND w."facility_id" = r."facility_id"
        WHERE r."organisation_id" = organisation AND r."id" = changed_room AND w."expires_at" > now())
    INTO is_on_board, watched_facility;
    IF is_on_board THEN
      PERFORM pg_notify('schedule_changes', 'room:' || changed_room::text);
    END IF;
    IF watched_facility IS NOT NULL THEN
      PERFORM pg_notify('schedule_changes', 'timeline:' || watched_facility::text);
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "schedules_announce" AFTER INSERT OR UPDATE OR DELETE ON "schedules"
  FOR EACH ROW EXECUTE FUNCTION announce_schedule_change();--> statement-breakpoint

CREATE OR REPLACE FUNCTION schedules_occupy() RETURNS trigger AS $$
DECLARE
  facility uuid;
  has_parts boolean;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "space_occupancy" WHERE "organisation_id" = OLD."organisation_id" AND "schedule_id" = OLD."id";
  END IF;
  -- Its own statement, so on a snapshot of its own: a part that joined while the booking waited
  -- for the space's row is seen (migration 0019).
  SELECT r."facility_id", EXISTS (SELECT FROM "rooms" p WHERE p."organisation_id" = r."organisation_id" AND p."parent_id" = r."id")
    INTO facility, has_parts
    FROM "rooms" r WHERE r."organisation_id" = NEW."organisation_id" AND r."id" = NEW."room_id";
  -- A room that is not the organisation's has no parts here; its row is refused by the foreign key.
  IF has_parts IS NOT TRUE THEN
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
--> statement-breakpoint
ALTER FUNCTION record_booking_activity(uuid, text, text, boolean, text, uuid, jsonb, jsonb, jsonb) RESET plan_cache_mode;
