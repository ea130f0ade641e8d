-- Read as hours_adjustment plus the ledger since migration 0005.
ALTER TABLE "contracts" DROP COLUMN "hours_used";