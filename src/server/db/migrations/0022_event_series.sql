CREATE TABLE "event_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"weekdays" integer[] DEFAULT '{}' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_series_frequency" CHECK ("event_series"."frequency" in ('daily', 'weekly', 'monthly')),
	CONSTRAINT "event_series_dates_ordered" CHECK ("event_series"."end_date" >= "event_series"."start_date")
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "follows_rule" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "event_series" ADD CONSTRAINT "event_series_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_series_organisation_id_id_idx" ON "event_series" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE INDEX "schedules_series_idx" ON "schedules" USING btree ("organisation_id","series_id","start_time") WHERE "schedules"."series_id" is not null;--> statement-breakpoint

-- An event's series is its organisation's: the key leads with organisation_id, as every other
-- tenant key does (migration 0011). A series that goes leaves its events as single events.
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_series_fk" FOREIGN KEY ("organisation_id","series_id") REFERENCES "public"."event_series"("organisation_id","id") ON DELETE SET NULL ("series_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_series" ADD CONSTRAINT "event_series_weekdays" CHECK ("weekdays" <@ '{0,1,2,3,4,5,6}'::integer[]);
