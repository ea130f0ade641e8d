-- The readiness check rewrites this one row: a database that answers reads but refuses writes
-- (a standby the address still points at after a failover, default_transaction_read_only) is not ready.
CREATE TABLE "health_probe" (
	"id" integer PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "health_probe_single_row" CHECK ("health_probe"."id" = 1)
);
