-- The one-column rules a booking's and an activity entry's inserts check become domains (ADR 0037).
-- PostgreSQL reads a table's CHECK constraints from their stored text again for every statement
-- that writes the table, and a booking writes schedules and activity_entries once each: about a
-- tenth of what a booking cost it. A domain's check is read once per session and kept. The rules are
-- the same, and a value that breaks one is refused with the same SQLSTATE (23514, check_violation).
-- The two-column rules of schedules (end after start, at most a day) stay table constraints.
--
-- The columns take the domains while the domains have no rule yet, so that no table is rewritten
-- (a domain without a rule over the same type is a relabelling), and each rule is then checked
-- against the rows already there as it is added. The migration runs in one transaction, holding
-- both tables, so no row is written between the table constraints going and the domains' coming.
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_title_not_blank";--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_event_type_valid";--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_color_hex";--> statement-breakpoint
ALTER TABLE "activity_entries" DROP CONSTRAINT "activity_entries_action_valid";--> statement-breakpoint
ALTER TABLE "activity_entries" DROP CONSTRAINT "activity_entries_entity_valid";--> statement-breakpoint
CREATE DOMAIN "event_title" AS varchar(109);--> statement-breakpoint
CREATE DOMAIN "hex_colour" AS varchar(7);--> statement-breakpoint
CREATE DOMAIN "event_type" AS text;--> statement-breakpoint
CREATE DOMAIN "activity_action" AS text;--> statement-breakpoint
CREATE DOMAIN "activity_entity" AS text;--> statement-breakpoint
ALTER TABLE "schedules"
  ALTER COLUMN "title" SET DATA TYPE "event_title",
  ALTER COLUMN "color" SET DATA TYPE "hex_colour",
  ALTER COLUMN "color" SET DEFAULT '#3b82f6',
  ALTER COLUMN "event_type" SET DATA TYPE "event_type",
  ALTER COLUMN "event_type" SET DEFAULT 'practice';--> statement-breakpoint
ALTER TABLE "activity_entries"
  ALTER COLUMN "action" SET DATA TYPE "activity_action",
  ALTER COLUMN "entity" SET DATA TYPE "activity_entity";--> statement-breakpoint
ALTER DOMAIN "event_title" ADD CONSTRAINT "event_title_not_blank" CHECK (btrim(VALUE) <> '');--> statement-breakpoint
ALTER DOMAIN "hex_colour" ADD CONSTRAINT "hex_colour_valid" CHECK (VALUE ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$');--> statement-breakpoint
ALTER DOMAIN "event_type" ADD CONSTRAINT "event_type_valid" CHECK (VALUE IN ('practice', 'game'));--> statement-breakpoint
ALTER DOMAIN "activity_action" ADD CONSTRAINT "activity_action_valid" CHECK (VALUE IN ('created', 'updated', 'deleted'));--> statement-breakpoint
ALTER DOMAIN "activity_entity" ADD CONSTRAINT "activity_entity_valid" CHECK (VALUE IN ('event', 'facility', 'space', 'client', 'contract', 'usage', 'screen', 'member', 'invitation', 'organisation', 'closure'));
