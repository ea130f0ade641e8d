CREATE TABLE "closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"room_id" uuid,
	"reason" varchar(100) NOT NULL,
	"start_time" timestamp (3) with time zone NOT NULL,
	"end_time" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closures_ordered" CHECK ("closures"."end_time" > "closures"."start_time"),
	CONSTRAINT "closures_reason_not_blank" CHECK (btrim("closures"."reason") <> ''),
	CONSTRAINT "closures_at_most_a_year" CHECK ("closures"."end_time" - "closures"."start_time" <= interval '366 days 1 hour')
);
--> statement-breakpoint
ALTER TABLE "activity_entries" DROP CONSTRAINT "activity_entries_entity_valid";--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_facility_fk" FOREIGN KEY ("organisation_id","facility_id") REFERENCES "public"."facilities"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_room_fk" FOREIGN KEY ("organisation_id","room_id") REFERENCES "public"."rooms"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "closures_organisation_id_id_idx" ON "closures" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE INDEX "closures_facility_end_idx" ON "closures" USING btree ("organisation_id","facility_id","end_time");--> statement-breakpoint
CREATE INDEX "closures_room_idx" ON "closures" USING btree ("organisation_id","room_id");--> statement-breakpoint
ALTER TABLE "activity_entries" ADD CONSTRAINT "activity_entries_entity_valid" CHECK ("activity_entries"."entity" in ('event', 'facility', 'space', 'client', 'contract', 'usage', 'screen', 'member', 'invitation', 'organisation', 'closure'));--> statement-breakpoint
-- Closures (ADR 0026). A closure closes its whole facility, or one space with its parts. A booking
-- that would use a closed space while it is closed is refused by schedules_occupy below: a space
-- is closed by a closure of its facility, of itself, of a whole it is part of, or of one of its
-- parts (booking the Full Sheet uses Half Ice A). Only the event's own times count: a changeover
-- may run into a closure, as resurfacing before maintenance does.
--
-- Adding a closure takes its facility's row, as tree changes do, then the rows of the spaces it
-- closes from the top of the tree down, as bookings take theirs. A booking and a closure that
-- meet therefore meet on a space's row: the booking made first is committed before the closure
-- lists the events it covers, and the one made after waits, then sees the closure.
CREATE FUNCTION closures_take_spaces() RETURNS trigger AS $$
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
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER closures_take_spaces BEFORE INSERT OR UPDATE OF "facility_id", "room_id", "start_time", "end_time" ON "closures"
  FOR EACH ROW EXECUTE FUNCTION closures_take_spaces();--> statement-breakpoint
-- Boards show a closure in the blocks of the rooms it closes; they hear of it through their facility.
CREATE FUNCTION notify_closure_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('schedule_changes', 'facility:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD."facility_id" ELSE NEW."facility_id" END)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER closures_notify AFTER INSERT OR UPDATE OR DELETE ON "closures"
  FOR EACH ROW EXECUTE FUNCTION notify_closure_change();--> statement-breakpoint
-- schedules_occupy (migration 0014) with the closure check, made once the booking holds every
-- space row it takes, so that a closure added meanwhile is either seen or waits for it.
CREATE OR REPLACE FUNCTION schedules_occupy() RETURNS trigger AS $$
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
