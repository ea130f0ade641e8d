-- A contract's hours used are no longer stored and kept by a trigger: every booking for a
-- client updated the same contract row, so bookings for one client queued behind each other's
-- commits. They are now read as hours_adjustment (what the contract editor set by hand, beyond
-- the ledger) plus the sum of the contract's usage rows (ADR 0007).
ALTER TABLE "contracts" ADD COLUMN "hours_adjustment" numeric(10, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
UPDATE "contracts" SET "hours_adjustment" = "hours_used" - coalesce(
  (SELECT sum("hours_logged") FROM "contract_usage" WHERE "contract_usage"."contract_id" = "contracts"."id"), 0);
--> statement-breakpoint
DROP TRIGGER "contract_usage_apply_hours" ON "contract_usage";
--> statement-breakpoint
DROP FUNCTION "contract_usage_apply_hours"();
