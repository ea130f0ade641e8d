-- Calendar feeds (docs/product.md#calendar-feeds, ADR 0058): a secret address per client, space or
-- facility that calendar apps subscribe to. Like every tenant table, the keys and foreign keys lead
-- with organisation_id, so a feed can only name its own organisation's client, space or facility,
-- and it goes with the thing it follows. Only the token's SHA-256 is looked up; the token itself is
-- kept encrypted with the app's secret so the dialog can show the address again.
CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"client_id" uuid,
	"room_id" uuid,
	"facility_id" uuid,
	"token_hash" text NOT NULL,
	"token_ciphertext" text NOT NULL,
	"include_client_names" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reset_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_scope_valid" CHECK ("calendar_feeds"."scope" in ('client', 'space', 'facility')),
	CONSTRAINT "calendar_feeds_one_target" CHECK (("calendar_feeds"."scope" = 'client') = ("calendar_feeds"."client_id" is not null)
      and ("calendar_feeds"."scope" = 'space') = ("calendar_feeds"."room_id" is not null)
      and ("calendar_feeds"."scope" = 'facility') = ("calendar_feeds"."facility_id" is not null)),
	CONSTRAINT "calendar_feeds_token_hash_valid" CHECK ("calendar_feeds"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_client_fk" FOREIGN KEY ("organisation_id","client_id") REFERENCES "public"."clients"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_room_fk" FOREIGN KEY ("organisation_id","room_id") REFERENCES "public"."rooms"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_facility_fk" FOREIGN KEY ("organisation_id","facility_id") REFERENCES "public"."facilities"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_organisation_id_id_idx" ON "calendar_feeds" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_idx" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
-- One feed per client, space and facility; each index also serves its foreign key.
CREATE UNIQUE INDEX "calendar_feeds_client_idx" ON "calendar_feeds" USING btree ("organisation_id","client_id") WHERE "calendar_feeds"."client_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_room_idx" ON "calendar_feeds" USING btree ("organisation_id","room_id") WHERE "calendar_feeds"."room_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_facility_idx" ON "calendar_feeds" USING btree ("organisation_id","facility_id") WHERE "calendar_feeds"."facility_id" is not null;
