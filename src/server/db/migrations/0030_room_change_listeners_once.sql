-- Who hears of a change to a room's bookings, a lobby board showing the room or a watched
-- timeline of its facility, was written twice: in announce_schedule_change (migration 0024) and in
-- schedules_occupy (migration 0027), which folded it into its one read of the booked room. It is
-- now one function, room_change_listeners, that both use.
--
-- It is a set-returning SQL function, STABLE and not STRICT, so PostgreSQL inlines it into the
-- calling query as a subquery: schedules_occupy still starts one query for its room, not two
-- (ADR 0037). What is announced, when and to whom, is unchanged.
CREATE OR REPLACE FUNCTION room_change_listeners(organisation uuid, room uuid, facility uuid)
RETURNS TABLE ("is_on_board" boolean, "watched_facility" uuid) AS $$
  SELECT EXISTS (SELECT FROM "screen_rooms" s WHERE s."organisation_id" = organisation AND s."room_id" = room),
    (SELECT w."facility_id" FROM "timeline_watches" w
      WHERE w."organisation_id" = organisation AND w."facility_id" = facility AND w."expires_at" > now())
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION announce_schedule_change() RETURNS trigger AS $$
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
    -- A room already gone (its deletion cascading to its bookings) has no facility: a board may
    -- still show it until its own row goes, and no timeline of it is watched.
    SELECT heard."is_on_board", heard."watched_facility" INTO is_on_board, watched_facility
    FROM (SELECT) AS one
    LEFT JOIN "rooms" r ON r."organisation_id" = organisation AND r."id" = changed_room
    CROSS JOIN LATERAL room_change_listeners(organisation, changed_room, r."facility_id") AS heard;
    IF is_on_board THEN
      PERFORM pg_notify('schedule_changes', 'room:' || changed_room::text);
    END IF;
    IF watched_facility IS NOT NULL THEN
      PERFORM pg_notify('schedule_changes', 'timeline:' || watched_facility::text);
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION schedules_occupy() RETURNS trigger AS $$
DECLARE
  facility uuid;
  has_parts boolean;
  is_on_board boolean;
  watched_facility uuid;
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
