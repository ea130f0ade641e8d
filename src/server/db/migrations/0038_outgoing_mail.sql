-- Outgoing mail goes through an outbox (ADR 0056, docs/product.md#email): a change that causes a
-- message inserts it here in its own transaction, and the worker (src/server/mail/worker.ts)
-- delivers it afterwards. The lists of kinds and statuses are MAIL_KINDS and MAIL_STATUSES of
-- src/shared/mail/schema.ts; db/limits.test.ts keeps the checks in step with them.
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid,
	"kind" text NOT NULL,
	"business_key" text NOT NULL,
	"message_id" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"unsubscribe_url" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp (3) with time zone,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	CONSTRAINT "outbox_messages_kind_valid" CHECK ("outbox_messages"."kind" in ('account_approved', 'password_reset', 'team_invitation', 'booking_confirmed', 'booking_changed', 'booking_cancelled', 'selloff')),
	CONSTRAINT "outbox_messages_status_valid" CHECK ("outbox_messages"."status" in ('queued', 'sending', 'sent', 'kept', 'failed')),
	CONSTRAINT "outbox_messages_attempts_valid" CHECK ("outbox_messages"."attempts" >= 0)
);--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One change never enqueues a message twice: enqueueMail inserts ON CONFLICT DO NOTHING.
CREATE UNIQUE INDEX "outbox_messages_business_key_idx" ON "outbox_messages" USING btree ("business_key");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_message_id_idx" ON "outbox_messages" USING btree ("message_id");--> statement-breakpoint
-- The worker's claim: what is due, or sending under a lease that ran out. Sent, kept and failed
-- rows, nearly all of the table, are left out of it.
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("status", "next_attempt_at") WHERE "outbox_messages"."status" in ('queued', 'sending');--> statement-breakpoint
-- The Mail pages, newest first (an organisation's, and the admin's every message), and the hourly limit's count.
CREATE INDEX "outbox_messages_organisation_created_idx" ON "outbox_messages" USING btree ("organisation_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "outbox_messages_organisation_sent_idx" ON "outbox_messages" USING btree ("organisation_id", "sent_at") WHERE "outbox_messages"."status" = 'sent';--> statement-breakpoint
-- A client's booking confirmations can be turned off; a client who unsubscribed gets no marketing.
ALTER TABLE "clients" ADD COLUMN "email_confirmations" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "marketing_unsubscribed_at" timestamp with time zone;--> statement-breakpoint
-- The worker records each message it sends, or keeps, in the organisation's activity trail.
ALTER DOMAIN "activity_action" DROP CONSTRAINT "activity_action_valid";--> statement-breakpoint
ALTER DOMAIN "activity_action" ADD CONSTRAINT "activity_action_valid" CHECK (VALUE IN ('created', 'updated', 'deleted', 'sent'));--> statement-breakpoint
ALTER DOMAIN "activity_entity" DROP CONSTRAINT "activity_entity_valid";--> statement-breakpoint
ALTER DOMAIN "activity_entity" ADD CONSTRAINT "activity_entity_valid" CHECK (VALUE IN ('event', 'facility', 'space', 'client', 'contract', 'usage', 'screen', 'member', 'invitation', 'organisation', 'closure', 'mail'));
