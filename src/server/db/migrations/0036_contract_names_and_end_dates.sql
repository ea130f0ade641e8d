-- A contract has a name ('2026–27 Season') and an optional end date, as rinks write them
-- (ADR 0049). Existing contracts are named from their start date, which is what told them apart.
ALTER TABLE "contracts" ADD COLUMN "name" varchar(100);--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "end_date" date;--> statement-breakpoint
UPDATE "contracts" SET "name" = 'Contract from ' || to_char("start_date", 'FMMonth FMDD, YYYY');--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_name_not_blank" CHECK (btrim("contracts"."name") <> '');--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_end_after_start" CHECK ("contracts"."end_date" >= "contracts"."start_date");
-- contract_usage_applies refuses a charge dated after its contract's end date: its current text is
-- src/server/modules/contracts/sql/contract_usage_applies.sql (ADR 0053).
