-- A booking starts fewer queries inside PostgreSQL (ADR 0037). Each query a trigger or a foreign
-- key check starts costs a booking about as much to set up and tear down as it costs to run, so:
--
-- 1. A new booking is announced to boards and timelines by schedules_occupy, from the same read of
--    its room that finds its facility and parts (migration 0024), instead of by a second trigger
--    reading the room again. announce_schedule_change still announces moves and deletions; what is
--    announced, and to whom, is unchanged.
--
-- 2. contract_usage_applies (migration 0021) took the charged contracts' rows FOR KEY SHARE before
--    reading their scopes, so as to wait for a scope change holding one FOR UPDATE. On an insert the
--    charge's own foreign key check has already taken exactly those locks: row-level AFTER triggers,
--    the foreign key's among them, fire before a statement-level one. The trigger now takes them
--    itself only for an update, where the foreign key is checked only when the contract changes.
--    It still reads the scopes afresh after the locks, and refuses as before. It also settles
--    charges to contracts that apply everywhere, the usual kind, with a small query first, and
--    starts the query that looks at each event's space only when a charged contract is limited:
--    starting that query's plan cost a booking more than running it.

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
  -- the one read of its room also says whether a board shows it and whether its facility's timeline
  -- is watched, as that function's query does.
  SELECT r."facility_id", EXISTS (SELECT FROM "rooms" p WHERE p."organisation_id" = r."organisation_id" AND p."parent_id" = r."id"),
      TG_OP = 'INSERT' AND EXISTS (SELECT FROM "screen_rooms" s WHERE s."organisation_id" = r."organisation_id" AND s."room_id" = r."id"),
      CASE WHEN TG_OP = 'INSERT' THEN (SELECT w."facility_id" FROM "timeline_watches" w
        WHERE w."organisation_id" = r."organisation_id" AND w."facility_id" = r."facility_id" AND w."expires_at" > now()) END
    INTO facility, has_parts, is_on_board, watched_facility
    FROM "rooms" r WHERE r."organisation_id" = NEW."organisation_id" AND r."id" = NEW."room_id";
  IF is_on_board THEN
    PERFORM pg_notify('schedule_changes', 'room:' || NEW."room_id"::text);
  END IF;
  IF watched_facility IS NOT NULL THEN
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

$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER "schedules_announce" ON "schedules";--> statement-breakpoint
CREATE TRIGGER "schedules_announce" AFTER UPDATE OR DELETE ON "schedules"
  FOR EACH ROW EXECUTE FUNCTION announce_schedule_change();--> statement-breakpoint
CREATE OR REPLACE FUNCTION contract_usage_applies() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM FROM "contracts" c
    WHERE (c."organisation_id", c."id") IN (SELECT "organisation_id", "contract_id" FROM charged WHERE "schedule_id" IS NOT NULL)
    ORDER BY c."organisation_id", c."id"
    FOR KEY SHARE OF c;
  END IF;
  -- A contract that applies everywhere is settled on its own row; only a limited one looks
  -- further, at the event's space, in a second query that most bookings never start.
  IF NOT EXISTS (
    SELECT FROM charged u JOIN "contracts" c ON c."organisation_id" = u."organisation_id" AND c."id" = u."contract_id"
    WHERE u."schedule_id" IS NOT NULL AND c."applies_to" <> 'all'
  ) THEN
    RETURN NULL;
  END IF;
  IF EXISTS (
    SELECT FROM charged u
    JOIN "contracts" c ON c."organisation_id" = u."organisation_id" AND c."id" = u."contract_id"
    WHERE u."schedule_id" IS NOT NULL AND c."applies_to" <> 'all'
      AND NOT EXISTS (
        SELECT FROM "schedules" s
        JOIN "rooms" r ON r."organisation_id" = s."organisation_id" AND r."id" = s."room_id"
        WHERE s."organisation_id" = u."organisation_id" AND s."id" = u."schedule_id"
          AND ((c."applies_to" = 'types' AND r."type" = ANY (c."applies_to_room_types"))
            OR (c."applies_to" = 'spaces' AND EXISTS (SELECT FROM "contract_spaces" cs
              WHERE cs."organisation_id" = c."organisation_id" AND cs."contract_id" = c."id" AND cs."room_id" = r."id")))
      )
  ) THEN
    RAISE EXCEPTION 'An event would be charged to a contract that does not apply to its space'
      USING ERRCODE = 'serialization_failure';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
