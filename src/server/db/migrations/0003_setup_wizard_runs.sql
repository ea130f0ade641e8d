CREATE TABLE "setup_runs" (
	"user_id" text PRIMARY KEY NOT NULL,
	"facility_id" uuid NOT NULL,
	"space_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"change_room_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"screen_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"client_id" uuid,
	"skipped_steps" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "setup_runs_skippable_steps" CHECK ("setup_runs"."skipped_steps" <@ '{3,4,5,6}'::integer[])
);
--> statement-breakpoint
ALTER TABLE "setup_runs" ADD CONSTRAINT "setup_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setup_runs" ADD CONSTRAINT "setup_runs_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setup_runs" ADD CONSTRAINT "setup_runs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "setup_runs_facility_id_idx" ON "setup_runs" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "setup_runs_client_id_idx" ON "setup_runs" USING btree ("client_id");