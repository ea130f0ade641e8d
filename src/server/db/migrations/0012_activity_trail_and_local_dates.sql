CREATE TABLE "activity_entries" (
	"organisation_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "activity_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"label" text NOT NULL,
	"facility_id" uuid,
	"time_zone" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "activity_entries_organisation_id_id_pk" PRIMARY KEY("organisation_id","id"),
	CONSTRAINT "activity_entries_action_valid" CHECK ("activity_entries"."action" in ('created', 'updated', 'deleted')),
	CONSTRAINT "activity_entries_entity_valid" CHECK ("activity_entries"."entity" in ('event', 'facility', 'space', 'client', 'contract', 'usage', 'screen', 'member', 'invitation', 'organisation'))
);
--> statement-breakpoint
-- Each event's start date in its facility's zone, kept by the database: a month grid counts and
-- ranks a day's events on (organisation_id, local_date, start_time) with no zone arithmetic.
ALTER TABLE "schedules" ADD COLUMN "local_date" date;--> statement-breakpoint
UPDATE "schedules" s SET "local_date" = (s."start_time" AT TIME ZONE f."time_zone")::date
  FROM "rooms" r JOIN "facilities" f ON f."organisation_id" = r."organisation_id" AND f."id" = r."facility_id"
  WHERE r."organisation_id" = s."organisation_id" AND r."id" = s."room_id";--> statement-breakpoint
ALTER TABLE "schedules" ALTER COLUMN "local_date" SET DEFAULT current_date;--> statement-breakpoint
ALTER TABLE "schedules" ALTER COLUMN "local_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_entries" ADD CONSTRAINT "activity_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_entries_at_idx" ON "activity_entries" USING btree ("organisation_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_entries_actor_idx" ON "activity_entries" USING btree ("organisation_id","actor_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_entries_entity_idx" ON "activity_entries" USING btree ("organisation_id","entity","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_entries_entity_id_idx" ON "activity_entries" USING btree ("organisation_id","entity_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "schedules_local_date_idx" ON "schedules" USING btree ("organisation_id","local_date","start_time","room_id");;--> statement-breakpoint

-- An event's local date follows its start and its room's facility. A room that is not the
-- organisation's leaves the default in place, for the foreign key to refuse the row as before.
CREATE FUNCTION schedules_local_date() RETURNS trigger AS $$
DECLARE
  zone text;
BEGIN
  SELECT f."time_zone" INTO zone FROM "rooms" r
    JOIN "facilities" f ON f."organisation_id" = r."organisation_id" AND f."id" = r."facility_id"
    WHERE r."organisation_id" = NEW."organisation_id" AND r."id" = NEW."room_id";
  IF zone IS NOT NULL THEN
    NEW."local_date" := (NEW."start_time" AT TIME ZONE zone)::date;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER schedules_local_date BEFORE INSERT OR UPDATE OF "start_time", "room_id", "organisation_id" ON "schedules"
  FOR EACH ROW EXECUTE FUNCTION schedules_local_date();--> statement-breakpoint

-- A facility that changes zone keeps its events where they are in time; their local dates follow.
CREATE FUNCTION facilities_redate_events() RETURNS trigger AS $$
BEGIN
  UPDATE "schedules" s SET "local_date" = (s."start_time" AT TIME ZONE NEW."time_zone")::date
    FROM "rooms" r
    WHERE r."organisation_id" = NEW."organisation_id" AND r."facility_id" = NEW."id"
      AND s."organisation_id" = r."organisation_id" AND s."room_id" = r."id";
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER facilities_redate_events AFTER UPDATE OF "time_zone" ON "facilities"
  FOR EACH ROW WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone") EXECUTE FUNCTION facilities_redate_events();--> statement-breakpoint

-- The trail is written once and never changed. The one DELETE let through is the cascade from
-- the organisation's own deletion: by then its row is gone.
CREATE FUNCTION activity_entries_immutable() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT FROM "organisations" WHERE "id" = OLD."organisation_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'The activity trail cannot be changed' USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER activity_entries_immutable BEFORE UPDATE OR DELETE ON "activity_entries"
  FOR EACH ROW EXECUTE FUNCTION activity_entries_immutable();--> statement-breakpoint
CREATE FUNCTION activity_entries_no_truncate() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'The activity trail cannot be changed' USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER activity_entries_no_truncate BEFORE TRUNCATE ON "activity_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION activity_entries_no_truncate();
