-- Released ice (docs/product.md#reports, ADR 0066): each renter's or operator's 'Release' of a
-- booking, written in the release's transaction, so the Reports page can say how much ice came
-- back and how much of it was sold again. The booking itself is deleted by the release; this row
-- is what remains of its space and times. A deleted client or user leaves the row (set null).
CREATE TABLE "released_ice" (
	"organisation_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"client_id" uuid,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_by" text,
	CONSTRAINT "released_ice_pk" PRIMARY KEY ("organisation_id","id"),
	CONSTRAINT "released_ice_ordered" CHECK ("end_time" > "start_time")
);--> statement-breakpoint
ALTER TABLE "released_ice" ADD CONSTRAINT "released_ice_room_fk" FOREIGN KEY ("organisation_id","room_id") REFERENCES "public"."rooms"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "released_ice" ADD CONSTRAINT "released_ice_client_fk" FOREIGN KEY ("organisation_id","client_id") REFERENCES "public"."clients"("organisation_id","id") ON DELETE set null ("client_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "released_ice" ADD CONSTRAINT "released_ice_released_by_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A report reads the releases that start in its period, newest first.
CREATE INDEX "released_ice_start_idx" ON "released_ice" USING btree ("organisation_id","start_time");--> statement-breakpoint
CREATE INDEX "released_ice_room_idx" ON "released_ice" USING btree ("organisation_id","room_id");
--> statement-breakpoint
-- A report sums a period's bookings of an organisation (a year of a busy facility is 50,000 rows):
-- this index answers it on its own, without visiting the rows (ADR 0066).
CREATE INDEX "schedules_report_idx" ON "schedules" USING btree ("organisation_id","local_date") INCLUDE ("room_id","start_time","end_time","changeover_minutes","client_id") WHERE "kind" = 'booking';
