CREATE TABLE "space_occupancy" (
	"organisation_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"during" "tstzrange" NOT NULL,
	CONSTRAINT "space_occupancy_pk" PRIMARY KEY("organisation_id","schedule_id","unit_id")
);
--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "changeover_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "changeover_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "space_occupancy" ADD CONSTRAINT "space_occupancy_schedule_fk" FOREIGN KEY ("organisation_id","schedule_id") REFERENCES "public"."schedules"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_occupancy" ADD CONSTRAINT "space_occupancy_unit_fk" FOREIGN KEY ("organisation_id","unit_id") REFERENCES "public"."rooms"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_parent_fk" FOREIGN KEY ("organisation_id","parent_id") REFERENCES "public"."rooms"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rooms_parent_id_idx" ON "rooms" USING btree ("organisation_id","parent_id");--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_not_own_parent" CHECK ("rooms"."parent_id" is distinct from "rooms"."id");--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_changeover_valid" CHECK ("rooms"."changeover_minutes" in (0, 5, 10, 15, 20, 30));--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_changeover_valid" CHECK ("schedules"."changeover_minutes" >= 0 and "schedules"."changeover_minutes" <= 60);--> statement-breakpoint

-- Linked spaces and changeovers (ADR 0024). A booking holds one space_occupancy row per space it
-- blocks: the booked space and each of its parts, down the tree, over [start, end + changeover).
-- Two bookings clash exactly when one's space is the other's whole or part, and then they share a
-- row's unit, which the exclusion constraint below refuses. It replaces schedules_no_overlap,
-- which it covers: every booking holds its own space's row.

-- A space's tree stays inside its facility, holds no change room and no loop, and is at most four
-- levels deep (LIMITS.room.maxTreeDepth). Tree changes of one facility take its row in turn, so two
-- of them cannot each miss the other's loop; the service explains each refusal before it gets here.
CREATE FUNCTION rooms_tree() RETURNS trigger AS $$
DECLARE
  whole record;
  above integer;
  below integer;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."parent_id" IS NOT DISTINCT FROM OLD."parent_id" AND NEW."type" = OLD."type"
    AND NEW."facility_id" = OLD."facility_id" THEN
    RETURN NEW;
  END IF;
  PERFORM 1 FROM "facilities" WHERE "organisation_id" = NEW."organisation_id" AND "id" = NEW."facility_id" FOR NO KEY UPDATE;
  IF NEW."type" = 'change_room' AND (NEW."parent_id" IS NOT NULL OR (TG_OP = 'UPDATE' AND EXISTS (
    SELECT FROM "rooms" WHERE "organisation_id" = NEW."organisation_id" AND "parent_id" = NEW."id"))) THEN
    RAISE EXCEPTION 'a change room is never part of a linked space' USING ERRCODE = 'check_violation', CONSTRAINT = 'rooms_tree';
  END IF;
  IF NEW."parent_id" IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT "facility_id", "type" INTO whole FROM "rooms" WHERE "organisation_id" = NEW."organisation_id" AND "id" = NEW."parent_id";
  -- A missing whole is left to rooms_parent_fk.
  IF NOT FOUND THEN
    RETURN NEW;
  END IF;
  IF whole."facility_id" <> NEW."facility_id" OR whole."type" = 'change_room' THEN
    RAISE EXCEPTION 'a space is part of a space of its own facility that is not a change room'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'rooms_tree';
  END IF;
  -- The new whole and the wholes above it; meeting this space among them would close a loop.
  WITH RECURSIVE wholes AS (
    SELECT r."id", r."parent_id", 1 AS depth FROM "rooms" r WHERE r."organisation_id" = NEW."organisation_id" AND r."id" = NEW."parent_id"
    UNION ALL
    SELECT r."id", r."parent_id", w.depth + 1 FROM "rooms" r JOIN wholes w ON r."organisation_id" = NEW."organisation_id" AND r."id" = w."parent_id"
    WHERE w."id" <> NEW."id" AND w.depth <= 8
  )
  SELECT CASE WHEN bool_or("id" = NEW."id") THEN NULL ELSE count(*) END INTO above FROM wholes;
  IF above IS NULL THEN
    RAISE EXCEPTION 'a space cannot be part of itself or of its own parts' USING ERRCODE = 'check_violation', CONSTRAINT = 'rooms_tree';
  END IF;
  -- The levels of parts below this space, itself included.
  WITH RECURSIVE parts AS (
    SELECT NEW."id" AS "id", 1 AS depth
    UNION ALL
    SELECT r."id", p.depth + 1 FROM "rooms" r JOIN parts p ON r."organisation_id" = NEW."organisation_id" AND r."parent_id" = p."id"
    WHERE p.depth <= 8
  )
  SELECT max(depth) INTO below FROM parts;
  IF above + below > 4 THEN
    RAISE EXCEPTION 'linked spaces go at most 4 levels deep' USING ERRCODE = 'check_violation', CONSTRAINT = 'rooms_tree';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER rooms_tree BEFORE INSERT OR UPDATE OF "parent_id", "type", "facility_id" ON "rooms"
  FOR EACH ROW EXECUTE FUNCTION rooms_tree();--> statement-breakpoint

-- What a space's wholes' bookings hold follows the space when it joins or leaves a whole: the
-- bookings of the old wholes let go of its parts, those of the new wholes take them, and a clash
-- there refuses the change. The wholes' rows are taken first, as a booking takes its room's, so
-- a booking of a whole made meanwhile waits and then sees the tree as it is.
CREATE FUNCTION rooms_reoccupy() RETURNS trigger AS $$
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
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER rooms_reoccupy_new AFTER INSERT ON "rooms"
  FOR EACH ROW WHEN (NEW."parent_id" IS NOT NULL) EXECUTE FUNCTION rooms_reoccupy();--> statement-breakpoint
CREATE TRIGGER rooms_reoccupy_moved AFTER UPDATE OF "parent_id" ON "rooms"
  FOR EACH ROW WHEN (OLD."parent_id" IS DISTINCT FROM NEW."parent_id") EXECUTE FUNCTION rooms_reoccupy();--> statement-breakpoint

-- An event's local date and its changeover both follow from its room, in one read of it (this
-- replaces migration 0012's schedules_local_date). The changeover is the room's when the event is
-- booked or moved, and stays as it was when only its details change: a space's new changeover
-- applies to bookings made from then on. The first part of an event split at midnight ends a
-- millisecond before the facility's midnight (shared/scheduling/split-at-midnight.ts) and carries
-- on in its second part, so only the second is followed by a changeover.
DROP TRIGGER "schedules_local_date" ON "schedules";--> statement-breakpoint
DROP FUNCTION schedules_local_date();--> statement-breakpoint
CREATE FUNCTION schedules_placed() RETURNS trigger AS $$
DECLARE
  zone text;
  changeover integer;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."room_id" = OLD."room_id" AND NEW."organisation_id" = OLD."organisation_id"
    AND NEW."start_time" = OLD."start_time" AND NEW."end_time" = OLD."end_time"
    AND NEW."event_group_id" IS NOT DISTINCT FROM OLD."event_group_id" THEN
    NEW."changeover_minutes" := OLD."changeover_minutes";
    RETURN NEW;
  END IF;
  SELECT f."time_zone", r."changeover_minutes" INTO zone, changeover FROM "rooms" r
    JOIN "facilities" f ON f."organisation_id" = r."organisation_id" AND f."id" = r."facility_id"
    WHERE r."organisation_id" = NEW."organisation_id" AND r."id" = NEW."room_id";
  -- A room that is not the organisation's leaves the defaults, for the foreign key to refuse the row.
  IF zone IS NOT NULL THEN
    NEW."local_date" := (NEW."start_time" AT TIME ZONE zone)::date;
    NEW."changeover_minutes" := CASE
      WHEN NEW."event_group_id" IS NOT NULL AND ((NEW."end_time" + interval '1 millisecond') AT TIME ZONE zone)::time = '00:00' THEN 0
      ELSE changeover END;
  ELSE
    NEW."changeover_minutes" := 0;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER schedules_placed BEFORE INSERT OR UPDATE OF "start_time", "end_time", "room_id", "organisation_id", "event_group_id",
  "changeover_minutes" ON "schedules" FOR EACH ROW EXECUTE FUNCTION schedules_placed();--> statement-breakpoint

-- A booking's rows: its space and the space's parts, from its start to its end plus its changeover.
-- Written after the row, so that each step of the booking statement (old rows removed, the kept
-- one rewritten, new ones added) lets go of its time before the next one takes it.
--
-- The parts' rows are taken first, top down: the booking statement holds the booked space's
-- row, so every booking takes its spaces from the top of its tree down. Two bookings that would
-- hold one unit then meet on that unit's row, one after the other, instead of each inserting
-- its rows and waiting for the other's in the exclusion index, a deadlock PostgreSQL breaks late.
CREATE FUNCTION schedules_occupy() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "space_occupancy" WHERE "organisation_id" = OLD."organisation_id" AND "schedule_id" = OLD."id";
  END IF;
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
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER schedules_occupy_new AFTER INSERT ON "schedules"
  FOR EACH ROW EXECUTE FUNCTION schedules_occupy();--> statement-breakpoint
CREATE TRIGGER schedules_occupy_moved AFTER UPDATE OF "start_time", "end_time", "room_id", "changeover_minutes" ON "schedules"
  FOR EACH ROW WHEN (OLD."start_time" IS DISTINCT FROM NEW."start_time" OR OLD."end_time" IS DISTINCT FROM NEW."end_time"
    OR OLD."room_id" IS DISTINCT FROM NEW."room_id" OR OLD."changeover_minutes" IS DISTINCT FROM NEW."changeover_minutes")
  EXECUTE FUNCTION schedules_occupy();--> statement-breakpoint

-- Every existing event holds its own space: no space has parts or a changeover yet.
INSERT INTO "space_occupancy" ("organisation_id", "schedule_id", "unit_id", "during")
SELECT "organisation_id", "id", "room_id", tstzrange("start_time", "end_time", '[)') FROM "schedules";--> statement-breakpoint
ALTER TABLE "space_occupancy" ADD CONSTRAINT "space_occupancy_no_overlap"
  EXCLUDE USING gist ("organisation_id" WITH =, "unit_id" WITH =, "during" WITH &&);--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_no_overlap";
