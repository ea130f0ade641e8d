-- A board address must never lead a lobby TV to another tenant's schedule. Deleting a screen
-- already kept its address (migration 0009), but deleting a whole organisation cascaded to
-- board_addresses and freed every address it held for the next organisation to take. The row
-- now outlives its organisation as a tombstone: organisation_id becomes NULL, the slug stays the
-- primary key, so the screens trigger leaves it as it is and the screens' (organisation_id, slug)
-- foreign key refuses any screen at it. No board is served from it: the public reads join a
-- screen on the address's organisation, which no longer exists.
ALTER TABLE "board_addresses" ALTER COLUMN "organisation_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "board_addresses" DROP CONSTRAINT "board_addresses_organisation_id_organisations_id_fk";
--> statement-breakpoint
ALTER TABLE "board_addresses" ADD CONSTRAINT "board_addresses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE SET NULL ON UPDATE no action;
