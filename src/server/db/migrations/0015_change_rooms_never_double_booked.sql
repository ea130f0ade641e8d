CREATE TABLE "change_room_holds" (
	"organisation_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"change_room_id" uuid NOT NULL,
	"during" "tstzrange" NOT NULL,
	"is_legacy" boolean DEFAULT false NOT NULL,
	CONSTRAINT "change_room_holds_pk" PRIMARY KEY("organisation_id","schedule_id","change_room_id")
);
--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "change_room_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "change_room_holds" ADD CONSTRAINT "change_room_holds_schedule_fk" FOREIGN KEY ("organisation_id","schedule_id") REFERENCES "public"."schedules"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_room_holds" ADD CONSTRAINT "change_room_holds_change_room_fk" FOREIGN KEY ("organisation_id","change_room_id") REFERENCES "public"."rooms"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_change_room_minutes_valid" CHECK ("facilities"."change_room_minutes" >= 0 and "facilities"."change_room_minutes" <= 60);--> statement-breakpoint

-- Change rooms are never double-booked (ADR 0025). Each event holds each change room it names
-- over its times widened by its facility's change room time on both sides, and the exclusion
-- constraint below refuses two holds of one change room that overlap. The first part of an event
-- split at midnight is not widened after its end, nor its second part before its start: the two
-- are one stay in the change room. The facility's time is read when the event is booked or its
-- times or change rooms change, so a new change room time applies to bookings made from then on.
CREATE FUNCTION schedules_hold_change_rooms() RETURNS trigger AS $$
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
  -- Clashes kept by this migration are outside the constraint; a new hold must not meet them either.
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
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER schedules_take_change_rooms_new AFTER INSERT ON "schedules"
  FOR EACH ROW EXECUTE FUNCTION schedules_hold_change_rooms();--> statement-breakpoint
CREATE TRIGGER schedules_take_change_rooms_moved AFTER UPDATE OF "start_time", "end_time", "room_id", "change_room1_id", "change_room2_id"
  ON "schedules" FOR EACH ROW WHEN (OLD."start_time" IS DISTINCT FROM NEW."start_time" OR OLD."end_time" IS DISTINCT FROM NEW."end_time"
    OR OLD."room_id" IS DISTINCT FROM NEW."room_id" OR OLD."change_room1_id" IS DISTINCT FROM NEW."change_room1_id"
    OR OLD."change_room2_id" IS DISTINCT FROM NEW."change_room2_id")
  EXECUTE FUNCTION schedules_hold_change_rooms();--> statement-breakpoint

-- Existing assignments (every facility's change room time is 0 yet). One that overlaps an
-- earlier-starting assignment of the same change room is kept as a legacy clash, outside the
-- constraint: no two that are not legacy overlap, since the later of them would be legacy.
INSERT INTO "change_room_holds" ("organisation_id", "schedule_id", "change_room_id", "during", "is_legacy")
SELECT held."organisation_id", held."schedule_id", held."change_room_id", held."during",
  coalesce(max(upper(held."during")) OVER (PARTITION BY held."organisation_id", held."change_room_id"
    ORDER BY lower(held."during"), held."schedule_id" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) > lower(held."during"), false)
FROM (
  SELECT DISTINCT s."organisation_id", s."id" AS "schedule_id", chosen.id AS "change_room_id", tstzrange(s."start_time", s."end_time", '[)') AS "during"
  FROM "schedules" s CROSS JOIN LATERAL unnest(ARRAY[s."change_room1_id", s."change_room2_id"]) AS chosen(id)
  WHERE chosen.id IS NOT NULL
) AS held;--> statement-breakpoint
ALTER TABLE "change_room_holds" ADD CONSTRAINT "change_room_holds_no_overlap"
  EXCLUDE USING gist ("organisation_id" WITH =, "change_room_id" WITH =, "during" WITH &&) WHERE (NOT "is_legacy");
