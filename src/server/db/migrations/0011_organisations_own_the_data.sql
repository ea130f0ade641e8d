-- Organisations own the data (ADR 0021). Each operator who owns rows gets an organisation named
-- after them, with them as its Owner; every tenant row moves from user_id to organisation_id;
-- keys, foreign keys and hot indexes lead with organisation_id (docs/scaling.md).
CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seed_user_id" text,
	CONSTRAINT "organisations_name_not_blank" CHECK (btrim("organisations"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"organisation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id"),
	CONSTRAINT "memberships_role_valid" CHECK ("memberships"."role" in ('owner', 'manager', 'scheduler', 'front_desk'))
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_role_valid" CHECK ("invitations"."role" in ('owner', 'manager', 'scheduler', 'front_desk'))
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_user_id_idx" ON "memberships" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_organisation_id_token_hash_idx" ON "invitations" USING btree ("organisation_id","token_hash");--> statement-breakpoint
CREATE INDEX "invitations_organisation_id_created_at_idx" ON "invitations" USING btree ("organisation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "active_organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_active_organisation_id_organisations_id_fk" FOREIGN KEY ("active_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint

-- One organisation for each operator who owns anything; the others get theirs when they next sign in.
LOCK TABLE "facilities", "clients", "contracts", "screens", "board_addresses", "setup_runs" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "organisations" ("name", "seed_user_id", "created_at")
SELECT left("users"."name", 85) || '''s organisation', "users"."id", "users"."created_at" FROM "users"
WHERE EXISTS (SELECT FROM "facilities" WHERE "facilities"."user_id" = "users"."id")
   OR EXISTS (SELECT FROM "clients" WHERE "clients"."user_id" = "users"."id")
   OR EXISTS (SELECT FROM "contracts" WHERE "contracts"."user_id" = "users"."id")
   OR EXISTS (SELECT FROM "screens" WHERE "screens"."user_id" = "users"."id")
   OR EXISTS (SELECT FROM "board_addresses" WHERE "board_addresses"."user_id" = "users"."id")
   OR EXISTS (SELECT FROM "setup_runs" WHERE "setup_runs"."user_id" = "users"."id");--> statement-breakpoint
INSERT INTO "memberships" ("organisation_id", "user_id", "role", "created_at")
SELECT "id", "seed_user_id", 'owner', "created_at" FROM "organisations";--> statement-breakpoint
UPDATE "users" SET "active_organisation_id" = "organisations"."id" FROM "organisations" WHERE "organisations"."seed_user_id" = "users"."id";--> statement-breakpoint

-- The old keys, foreign keys and indexes, which led with user_id or with the row's own parent.
DROP TRIGGER screens_reserve_board_address ON screens;--> statement-breakpoint
ALTER TABLE "screens" DROP CONSTRAINT "screens_slug_unique";--> statement-breakpoint
ALTER TABLE "screens" DROP CONSTRAINT "screens_board_address_fk";--> statement-breakpoint
ALTER TABLE "board_addresses" DROP CONSTRAINT "board_addresses_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "contract_usage" DROP CONSTRAINT "contract_usage_contract_id_contracts_id_fk";--> statement-breakpoint
ALTER TABLE "contract_usage" DROP CONSTRAINT "contract_usage_schedule_id_schedules_id_fk";--> statement-breakpoint
ALTER TABLE "contracts" DROP CONSTRAINT "contracts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "contracts" DROP CONSTRAINT "contracts_client_id_clients_id_fk";--> statement-breakpoint
ALTER TABLE "facilities" DROP CONSTRAINT "facilities_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "rooms" DROP CONSTRAINT "rooms_facility_id_facilities_id_fk";--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_room_id_rooms_id_fk";--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_change_room1_id_rooms_id_fk";--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_change_room2_id_rooms_id_fk";--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_client_id_clients_id_fk";--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_no_overlap";--> statement-breakpoint
ALTER TABLE "screen_logos" DROP CONSTRAINT "screen_logos_screen_id_screens_id_fk";--> statement-breakpoint
ALTER TABLE "screen_logos" DROP CONSTRAINT "screen_logos_pkey";--> statement-breakpoint
ALTER TABLE "screen_rooms" DROP CONSTRAINT "screen_rooms_screen_id_screens_id_fk";--> statement-breakpoint
ALTER TABLE "screen_rooms" DROP CONSTRAINT "screen_rooms_room_id_rooms_id_fk";--> statement-breakpoint
ALTER TABLE "screen_rooms" DROP CONSTRAINT "screen_rooms_screen_id_room_id_pk";--> statement-breakpoint
ALTER TABLE "screens" DROP CONSTRAINT "screens_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "setup_runs" DROP CONSTRAINT "setup_runs_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "setup_runs" DROP CONSTRAINT "setup_runs_facility_id_facilities_id_fk";--> statement-breakpoint
ALTER TABLE "setup_runs" DROP CONSTRAINT "setup_runs_client_id_clients_id_fk";--> statement-breakpoint
ALTER TABLE "setup_runs" DROP CONSTRAINT "setup_runs_pkey";--> statement-breakpoint
DROP INDEX "board_addresses_slug_user_id_idx";--> statement-breakpoint
DROP INDEX "clients_user_id_name_idx";--> statement-breakpoint
DROP INDEX "contracts_user_id_idx";--> statement-breakpoint
DROP INDEX "facilities_user_id_created_at_idx";--> statement-breakpoint
DROP INDEX "rooms_facility_id_idx";--> statement-breakpoint
DROP INDEX "screens_user_id_created_at_idx";--> statement-breakpoint
DROP INDEX "contract_usage_contract_id_idx";--> statement-breakpoint
DROP INDEX "contract_usage_schedule_id_idx";--> statement-breakpoint
DROP INDEX "contracts_client_id_status_idx";--> statement-breakpoint
DROP INDEX "schedules_room_id_start_time_idx";--> statement-breakpoint
DROP INDEX "schedules_event_group_id_idx";--> statement-breakpoint
DROP INDEX "schedules_client_id_idx";--> statement-breakpoint
DROP INDEX "screen_rooms_room_id_idx";--> statement-breakpoint
DROP INDEX "setup_runs_facility_id_idx";--> statement-breakpoint
DROP INDEX "setup_runs_client_id_idx";--> statement-breakpoint

-- Every tenant row takes its owner's organisation, parents before children.
ALTER TABLE "facilities" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
UPDATE "facilities" SET "organisation_id" = o."id" FROM "organisations" o WHERE o."seed_user_id" = "facilities"."user_id";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
UPDATE "clients" SET "organisation_id" = o."id" FROM "organisations" o WHERE o."seed_user_id" = "clients"."user_id";--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
UPDATE "contracts" SET "organisation_id" = o."id" FROM "organisations" o WHERE o."seed_user_id" = "contracts"."user_id";--> statement-breakpoint
ALTER TABLE "screens" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
UPDATE "screens" SET "organisation_id" = o."id" FROM "organisations" o WHERE o."seed_user_id" = "screens"."user_id";--> statement-breakpoint
ALTER TABLE "board_addresses" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
UPDATE "board_addresses" SET "organisation_id" = o."id" FROM "organisations" o WHERE o."seed_user_id" = "board_addresses"."user_id";--> statement-breakpoint
ALTER TABLE "setup_runs" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
UPDATE "setup_runs" SET "organisation_id" = o."id" FROM "organisations" o WHERE o."seed_user_id" = "setup_runs"."user_id";--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
UPDATE "rooms" SET "organisation_id" = f."organisation_id" FROM "facilities" f WHERE f."id" = "rooms"."facility_id";--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
UPDATE "schedules" SET "organisation_id" = r."organisation_id" FROM "rooms" r WHERE r."id" = "schedules"."room_id";--> statement-breakpoint
ALTER TABLE "contract_usage" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
UPDATE "contract_usage" SET "organisation_id" = c."organisation_id" FROM "contracts" c WHERE c."id" = "contract_usage"."contract_id";--> statement-breakpoint
ALTER TABLE "screen_rooms" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
UPDATE "screen_rooms" SET "organisation_id" = s."organisation_id" FROM "screens" s WHERE s."id" = "screen_rooms"."screen_id";--> statement-breakpoint
ALTER TABLE "screen_logos" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
UPDATE "screen_logos" SET "organisation_id" = s."organisation_id" FROM "screens" s WHERE s."id" = "screen_logos"."screen_id";--> statement-breakpoint
-- A change room or client of another operator cannot be referenced by the new keys; none can
-- exist, since the services always checked ownership, but the keys must hold for every row.
UPDATE "schedules" s SET "change_room1_id" = NULL WHERE "change_room1_id" IS NOT NULL AND NOT EXISTS (SELECT FROM "rooms" r WHERE r."id" = s."change_room1_id" AND r."organisation_id" = s."organisation_id");--> statement-breakpoint
UPDATE "schedules" s SET "change_room2_id" = NULL WHERE "change_room2_id" IS NOT NULL AND NOT EXISTS (SELECT FROM "rooms" r WHERE r."id" = s."change_room2_id" AND r."organisation_id" = s."organisation_id");--> statement-breakpoint
UPDATE "schedules" s SET "client_id" = NULL WHERE "client_id" IS NOT NULL AND NOT EXISTS (SELECT FROM "clients" c WHERE c."id" = s."client_id" AND c."organisation_id" = s."organisation_id");--> statement-breakpoint
UPDATE "setup_runs" s SET "client_id" = NULL WHERE "client_id" IS NOT NULL AND NOT EXISTS (SELECT FROM "clients" c WHERE c."id" = s."client_id" AND c."organisation_id" = s."organisation_id");--> statement-breakpoint
ALTER TABLE "facilities" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "screens" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "board_addresses" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "setup_runs" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_usage" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "screen_rooms" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "screen_logos" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "board_addresses" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "clients" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "contracts" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "facilities" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "screens" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "setup_runs" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "organisations" DROP COLUMN "seed_user_id";--> statement-breakpoint

-- The new keys: each child reaches its parent through (organisation_id, id).
CREATE UNIQUE INDEX "facilities_organisation_id_id_idx" ON "facilities" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE INDEX "facilities_organisation_id_created_at_idx" ON "facilities" USING btree ("organisation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_organisation_id_id_idx" ON "rooms" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE INDEX "rooms_organisation_id_facility_id_idx" ON "rooms" USING btree ("organisation_id","facility_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_organisation_id_id_idx" ON "clients" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE INDEX "clients_organisation_id_name_idx" ON "clients" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_organisation_id_id_idx" ON "contracts" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE INDEX "contracts_client_id_status_idx" ON "contracts" USING btree ("organisation_id","client_id","status","start_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_organisation_id_id_idx" ON "schedules" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE INDEX "schedules_room_id_start_time_idx" ON "schedules" USING btree ("organisation_id","room_id","start_time");--> statement-breakpoint
CREATE INDEX "schedules_organisation_id_start_time_idx" ON "schedules" USING btree ("organisation_id","start_time");--> statement-breakpoint
CREATE INDEX "schedules_event_group_id_idx" ON "schedules" USING btree ("organisation_id","event_group_id");--> statement-breakpoint
CREATE INDEX "schedules_client_id_idx" ON "schedules" USING btree ("organisation_id","client_id");--> statement-breakpoint
CREATE INDEX "contract_usage_contract_id_idx" ON "contract_usage" USING btree ("organisation_id","contract_id","usage_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "contract_usage_schedule_id_idx" ON "contract_usage" USING btree ("organisation_id","schedule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "board_addresses_organisation_id_slug_idx" ON "board_addresses" USING btree ("organisation_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "screens_organisation_id_id_idx" ON "screens" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "screens_organisation_id_slug_idx" ON "screens" USING btree ("organisation_id","slug");--> statement-breakpoint
CREATE INDEX "screens_organisation_id_created_at_idx" ON "screens" USING btree ("organisation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "screen_rooms_room_id_idx" ON "screen_rooms" USING btree ("organisation_id","room_id");--> statement-breakpoint
CREATE INDEX "setup_runs_facility_id_idx" ON "setup_runs" USING btree ("organisation_id","facility_id");--> statement-breakpoint
CREATE INDEX "setup_runs_client_id_idx" ON "setup_runs" USING btree ("organisation_id","client_id");--> statement-breakpoint
ALTER TABLE "screen_logos" ADD CONSTRAINT "screen_logos_organisation_id_screen_id_pk" PRIMARY KEY("organisation_id","screen_id");--> statement-breakpoint
ALTER TABLE "screen_rooms" ADD CONSTRAINT "screen_rooms_organisation_id_screen_id_room_id_pk" PRIMARY KEY("organisation_id","screen_id","room_id");--> statement-breakpoint
ALTER TABLE "setup_runs" ADD CONSTRAINT "setup_runs_pkey" PRIMARY KEY("organisation_id");--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screens" ADD CONSTRAINT "screens_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_addresses" ADD CONSTRAINT "board_addresses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setup_runs" ADD CONSTRAINT "setup_runs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_facility_fk" FOREIGN KEY ("organisation_id","facility_id") REFERENCES "public"."facilities"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_client_fk" FOREIGN KEY ("organisation_id","client_id") REFERENCES "public"."clients"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_room_fk" FOREIGN KEY ("organisation_id","room_id") REFERENCES "public"."rooms"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_change_room1_fk" FOREIGN KEY ("organisation_id","change_room1_id") REFERENCES "public"."rooms"("organisation_id","id") ON DELETE SET NULL ("change_room1_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_change_room2_fk" FOREIGN KEY ("organisation_id","change_room2_id") REFERENCES "public"."rooms"("organisation_id","id") ON DELETE SET NULL ("change_room2_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_client_fk" FOREIGN KEY ("organisation_id","client_id") REFERENCES "public"."clients"("organisation_id","id") ON DELETE SET NULL ("client_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_no_overlap"
  EXCLUDE USING gist ("organisation_id" WITH =, "room_id" WITH =, tstzrange("start_time", "end_time", '[)') WITH &&);--> statement-breakpoint
ALTER TABLE "contract_usage" ADD CONSTRAINT "contract_usage_contract_fk" FOREIGN KEY ("organisation_id","contract_id") REFERENCES "public"."contracts"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_usage" ADD CONSTRAINT "contract_usage_schedule_fk" FOREIGN KEY ("organisation_id","schedule_id") REFERENCES "public"."schedules"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screens" ADD CONSTRAINT "screens_board_address_fk" FOREIGN KEY ("organisation_id","slug") REFERENCES "public"."board_addresses"("organisation_id","slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_rooms" ADD CONSTRAINT "screen_rooms_screen_fk" FOREIGN KEY ("organisation_id","screen_id") REFERENCES "public"."screens"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_rooms" ADD CONSTRAINT "screen_rooms_room_fk" FOREIGN KEY ("organisation_id","room_id") REFERENCES "public"."rooms"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_logos" ADD CONSTRAINT "screen_logos_screen_fk" FOREIGN KEY ("organisation_id","screen_id") REFERENCES "public"."screens"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setup_runs" ADD CONSTRAINT "setup_runs_facility_fk" FOREIGN KEY ("organisation_id","facility_id") REFERENCES "public"."facilities"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setup_runs" ADD CONSTRAINT "setup_runs_client_fk" FOREIGN KEY ("organisation_id","client_id") REFERENCES "public"."clients"("organisation_id","id") ON DELETE SET NULL ("client_id") ON UPDATE no action;--> statement-breakpoint

-- A board address now belongs to an organisation.
CREATE OR REPLACE FUNCTION screens_reserve_board_address() RETURNS trigger AS $$
BEGIN
  INSERT INTO board_addresses (slug, organisation_id) VALUES (NEW.slug, NEW.organisation_id) ON CONFLICT (slug) DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER screens_reserve_board_address BEFORE INSERT OR UPDATE OF "slug", "organisation_id" ON "screens"
  FOR EACH ROW EXECUTE FUNCTION screens_reserve_board_address();--> statement-breakpoint

-- Boards hear of a room's events when the room is on a screen; the lookup leads with the organisation.
CREATE OR REPLACE FUNCTION notify_board_room_events() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('schedule_changes', 'room:' || changed.room_id::text)
    FROM (SELECT DISTINCT organisation_id, room_id FROM new_rows) AS changed
    WHERE EXISTS (SELECT FROM screen_rooms WHERE screen_rooms.organisation_id = changed.organisation_id AND screen_rooms.room_id = changed.room_id);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('schedule_changes', 'room:' || changed.room_id::text)
    FROM (SELECT DISTINCT organisation_id, room_id FROM old_rows) AS changed
    WHERE EXISTS (SELECT FROM screen_rooms WHERE screen_rooms.organisation_id = changed.organisation_id AND screen_rooms.room_id = changed.room_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint

-- An organisation always keeps an Owner. Checked at commit, so a transaction may hand the role
-- over in any order; an organisation being deleted (its memberships cascading) is exempt.
CREATE FUNCTION memberships_keep_an_owner() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT FROM organisations WHERE id = OLD.organisation_id)
     AND NOT EXISTS (SELECT FROM memberships WHERE organisation_id = OLD.organisation_id AND role = 'owner') THEN
    RAISE EXCEPTION 'An organisation always keeps at least one Owner' USING ERRCODE = 'check_violation', CONSTRAINT = 'memberships_keep_an_owner';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER memberships_keep_an_owner AFTER UPDATE OF role OR DELETE ON memberships
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION memberships_keep_an_owner();--> statement-breakpoint

-- An account's deletion takes along the organisations it was the only member of, as deleting
-- an operator took their rows before there were organisations. A member who merely leaves
-- takes nothing: their account still exists.
CREATE FUNCTION memberships_delete_empty_organisation() RETURNS trigger AS $$
BEGIN
  DELETE FROM organisations o
  WHERE o.id IN (
      SELECT DISTINCT old_rows.organisation_id FROM old_rows
      WHERE NOT EXISTS (SELECT FROM users WHERE users.id = old_rows.user_id))
    AND NOT EXISTS (SELECT FROM memberships m WHERE m.organisation_id = o.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER memberships_delete_empty_organisation AFTER DELETE ON memberships
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION memberships_delete_empty_organisation();
