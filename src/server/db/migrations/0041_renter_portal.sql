-- The renters' portal (docs/product.md#renters, ADR 0063): renter accounts that speak for clients,
-- their invitations, requests that hold ice, and the waitlist of released ice. A request's hold is
-- a row of schedules of kind 'hold' (ADR 0055), so it occupies under the same exclusion
-- constraints as every booking; nothing here adds a second guarantee of its own.

-- An account made through a portal invitation is a renter's: the venue vouched for it, so it never
-- waits in the administrator's approvals, and it is never approved as an operator (it gets no
-- organisation of its own).
ALTER TABLE "users" ADD COLUMN "portal_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_portal_only_not_approved" CHECK (not ("portal_only" and "approved"));--> statement-breakpoint

-- 'Accept requests' on a space (off by default), and a facility's 'Hold requests for' and
-- 'Release until' (hours).
ALTER TABLE "rooms" ADD COLUMN "accepts_requests" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "hold_requests_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "release_until_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_hold_requests_hours_valid" CHECK ("hold_requests_hours" >= 1 and "hold_requests_hours" <= 336);--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_release_until_hours_valid" CHECK ("release_until_hours" >= 0 and "release_until_hours" <= 720);--> statement-breakpoint

-- Who speaks for a client: one renter may speak for several clients (of any organisation), and one
-- client may have several renters. Removing the row removes the access at once.
CREATE TABLE "client_renters" (
	"organisation_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_renters_pk" PRIMARY KEY ("organisation_id","client_id","user_id")
);--> statement-breakpoint
ALTER TABLE "client_renters" ADD CONSTRAINT "client_renters_client_fk" FOREIGN KEY ("organisation_id","client_id") REFERENCES "public"."clients"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_renters" ADD CONSTRAINT "client_renters_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_renters" ADD CONSTRAINT "client_renters_invited_by_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_renters_user_idx" ON "client_renters" USING btree ("user_id");--> statement-breakpoint

-- 'Invite Contact': a one-time link for an email to speak for a client. The token is kept only as
-- its hash, as team invitations keep theirs.
CREATE TABLE "portal_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_invitations_used_or_withdrawn" CHECK ("accepted_at" is null or "withdrawn_at" is null)
);--> statement-breakpoint
ALTER TABLE "portal_invitations" ADD CONSTRAINT "portal_invitations_client_fk" FOREIGN KEY ("organisation_id","client_id") REFERENCES "public"."clients"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_invitations" ADD CONSTRAINT "portal_invitations_invited_by_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_invitations" ADD CONSTRAINT "portal_invitations_accepted_by_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_invitations_token_hash_idx" ON "portal_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_invitations_client_idx" ON "portal_invitations" USING btree ("organisation_id","client_id","created_at");--> statement-breakpoint

-- A renter's request for ice. While pending it holds its slot through hold_id, a schedules row of
-- kind 'hold'; approving turns that row into the booking (event_id), declining, withdrawing or
-- expiring deletes it. A pending request always has its hold: the hold cannot be deleted under it
-- (the foreign key is checked at the end of the statement, so a space's deletion still takes both).
CREATE TYPE "public"."booking_request_status" AS ENUM('pending', 'approved', 'declined', 'expired', 'withdrawn');--> statement-breakpoint
CREATE TABLE "booking_requests" (
	"organisation_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"requested_by" text,
	"title" varchar(100) NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"status" "booking_request_status" DEFAULT 'pending' NOT NULL,
	"hold_id" uuid,
	"event_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decline_reason" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_requests_pk" PRIMARY KEY ("organisation_id","id"),
	CONSTRAINT "booking_requests_title_not_blank" CHECK (btrim("title") <> ''),
	CONSTRAINT "booking_requests_ordered" CHECK ("end_time" > "start_time"),
	CONSTRAINT "booking_requests_pending_holds" CHECK (("status" = 'pending') = ("hold_id" is not null)),
	CONSTRAINT "booking_requests_approved_booked" CHECK ("status" <> 'approved' or "event_id" is not null)
);--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_client_fk" FOREIGN KEY ("organisation_id","client_id") REFERENCES "public"."clients"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_room_fk" FOREIGN KEY ("organisation_id","room_id") REFERENCES "public"."rooms"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_facility_fk" FOREIGN KEY ("organisation_id","facility_id") REFERENCES "public"."facilities"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_hold_fk" FOREIGN KEY ("organisation_id","hold_id") REFERENCES "public"."schedules"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_requested_by_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_decided_by_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_requests_hold_idx" ON "booking_requests" USING btree ("organisation_id","hold_id") WHERE "hold_id" is not null;--> statement-breakpoint
CREATE INDEX "booking_requests_pending_idx" ON "booking_requests" USING btree ("organisation_id","expires_at") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "booking_requests_expiry_idx" ON "booking_requests" USING btree ("expires_at") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "booking_requests_client_idx" ON "booking_requests" USING btree ("organisation_id","client_id","created_at");--> statement-breakpoint

-- 'Join Waitlist': a renter waits, for a client, for time on a space within a window of one day
-- (a to_time of 00:00 is the midnight that ends the day).
CREATE TABLE "waitlist_entries" (
	"organisation_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"local_date" date NOT NULL,
	"from_time" time NOT NULL,
	"to_time" time NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_pk" PRIMARY KEY ("organisation_id","id"),
	CONSTRAINT "waitlist_entries_window_ordered" CHECK ("to_time" > "from_time" or "to_time" = '00:00')
);--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_client_fk" FOREIGN KEY ("organisation_id","client_id") REFERENCES "public"."clients"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_room_fk" FOREIGN KEY ("organisation_id","room_id") REFERENCES "public"."rooms"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_room_date_idx" ON "waitlist_entries" USING btree ("organisation_id","room_id","local_date");--> statement-breakpoint
CREATE INDEX "waitlist_entries_user_idx" ON "waitlist_entries" USING btree ("user_id");--> statement-breakpoint

-- Released or freed ice offered to everyone waiting for it. Exactly one claim wins: the claim sets
-- claimed_at where it is still null, and books (or requests) in the same transaction.
CREATE TABLE "waitlist_offers" (
	"organisation_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"released_event_title" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"claimed_by" text,
	"claimed_client_id" uuid,
	"claimed_event_id" uuid,
	"claimed_request_id" uuid,
	CONSTRAINT "waitlist_offers_pk" PRIMARY KEY ("organisation_id","id"),
	CONSTRAINT "waitlist_offers_ordered" CHECK ("end_time" > "start_time"),
	CONSTRAINT "waitlist_offers_claim_whole" CHECK ("claimed_client_id" is null or "claimed_at" is not null)
);--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_room_fk" FOREIGN KEY ("organisation_id","room_id") REFERENCES "public"."rooms"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_claimed_by_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_claimed_client_fk" FOREIGN KEY ("organisation_id","claimed_client_id") REFERENCES "public"."clients"("organisation_id","id") ON DELETE set null ("claimed_client_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_offers_room_idx" ON "waitlist_offers" USING btree ("organisation_id","room_id","start_time");--> statement-breakpoint

-- Whom each offer went to: the entries it matched when it was made. Only they may claim it.
CREATE TABLE "waitlist_offer_recipients" (
	"organisation_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	CONSTRAINT "waitlist_offer_recipients_pk" PRIMARY KEY ("organisation_id","offer_id","entry_id")
);--> statement-breakpoint
ALTER TABLE "waitlist_offer_recipients" ADD CONSTRAINT "waitlist_offer_recipients_offer_fk" FOREIGN KEY ("organisation_id","offer_id") REFERENCES "public"."waitlist_offers"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offer_recipients" ADD CONSTRAINT "waitlist_offer_recipients_entry_fk" FOREIGN KEY ("organisation_id","entry_id") REFERENCES "public"."waitlist_entries"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_offer_recipients_entry_idx" ON "waitlist_offer_recipients" USING btree ("organisation_id","entry_id");--> statement-breakpoint

-- The renters' messages.
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_kind_valid";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind_valid" CHECK ("kind" in ('account_approved', 'password_reset', 'team_invitation', 'booking_confirmed', 'booking_changed', 'booking_cancelled', 'selloff', 'invoice_issued', 'credit_note_issued', 'portal_invitation', 'request_approved', 'request_declined', 'request_expired', 'waitlist_offer'));--> statement-breakpoint

-- What renters and the operators answering them do goes in the activity trail.
ALTER DOMAIN "activity_action" DROP CONSTRAINT "activity_action_valid";--> statement-breakpoint
ALTER DOMAIN "activity_action" ADD CONSTRAINT "activity_action_valid" CHECK (VALUE IN ('created', 'updated', 'deleted', 'sent', 'issued', 'voided', 'requested', 'approved', 'declined', 'expired', 'withdrawn', 'released', 'claimed'));--> statement-breakpoint
ALTER DOMAIN "activity_entity" DROP CONSTRAINT "activity_entity_valid";--> statement-breakpoint
ALTER DOMAIN "activity_entity" ADD CONSTRAINT "activity_entity_valid" CHECK (VALUE IN ('event', 'facility', 'space', 'client', 'contract', 'usage', 'screen', 'member', 'invitation', 'organisation', 'closure', 'mail', 'invoice', 'payment', 'rate', 'renter', 'request', 'waitlist'));
