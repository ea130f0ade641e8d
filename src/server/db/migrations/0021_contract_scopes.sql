CREATE TABLE "contract_spaces" (
	"organisation_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	CONSTRAINT "contract_spaces_pk" PRIMARY KEY("organisation_id","contract_id","room_id")
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "applies_to" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "applies_to_room_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_spaces" ADD CONSTRAINT "contract_spaces_contract_fk" FOREIGN KEY ("organisation_id","contract_id") REFERENCES "public"."contracts"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_spaces" ADD CONSTRAINT "contract_spaces_room_fk" FOREIGN KEY ("organisation_id","room_id") REFERENCES "public"."rooms"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_spaces_room_id_idx" ON "contract_spaces" USING btree ("organisation_id","room_id");--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_applies_to_valid" CHECK ("contracts"."applies_to" in ('all', 'types', 'spaces'));--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_applies_to_room_types_valid" CHECK ("contracts"."applies_to_room_types" <@ array['room', 'rink', 'court', 'field']::text[] and ("contracts"."applies_to" = 'types') = (cardinality("contracts"."applies_to_room_types") > 0));--> statement-breakpoint
-- A booked event's charge is always on a contract that applies to the event's space (ADR 0029).
-- The booking statement picks the contract from the scopes it sees when it starts; a scope change
-- committed after that must not let it charge a contract that no longer applies. A scope change
-- holds its contract's row FOR UPDATE until it commits, so this check first takes the charged
-- contracts' rows FOR KEY SHARE (waiting for such a change), then reads the scopes afresh. A charge
-- that no longer applies is refused with a serialization failure, and the booking engine tries the
-- whole booking again, now seeing the new scope. Hand-logged usage (no event) applies anywhere.
-- The rule is the one activeContractForCharging states in src/server/modules/contracts/repository.ts.
CREATE OR REPLACE FUNCTION contract_usage_applies() RETURNS trigger AS $$
BEGIN
  PERFORM FROM "contracts" c
  WHERE (c."organisation_id", c."id") IN (SELECT "organisation_id", "contract_id" FROM charged WHERE "schedule_id" IS NOT NULL)
  ORDER BY c."organisation_id", c."id"
  FOR KEY SHARE OF c;
  -- A contract that applies everywhere is settled on its own row; only a limited one looks
  -- further, at the event's space.
  IF EXISTS (
    SELECT FROM charged u
    JOIN "contracts" c ON c."organisation_id" = u."organisation_id" AND c."id" = u."contract_id"
    WHERE u."schedule_id" IS NOT NULL AND c."applies_to" <> 'all'
      AND NOT EXISTS (
        SELECT FROM "schedules" s
        JOIN "rooms" r ON r."organisation_id" = s."organisation_id" AND r."id" = s."room_id"
        WHERE s."organisation_id" = u."organisation_id" AND s."id" = u."schedule_id"
          AND ((c."applies_to" = 'types' AND r."type" = ANY (c."applies_to_room_types"))
            OR (c."applies_to" = 'spaces' AND EXISTS (SELECT FROM "contract_spaces" cs
              WHERE cs."organisation_id" = c."organisation_id" AND cs."contract_id" = c."id" AND cs."room_id" = r."id")))
      )
  ) THEN
    RAISE EXCEPTION 'An event would be charged to a contract that does not apply to its space'
      USING ERRCODE = 'serialization_failure';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER contract_usage_applies_on_insert AFTER INSERT ON "contract_usage"
  REFERENCING NEW TABLE AS charged
  FOR EACH STATEMENT EXECUTE FUNCTION contract_usage_applies();--> statement-breakpoint
CREATE TRIGGER contract_usage_applies_on_update AFTER UPDATE ON "contract_usage"
  REFERENCING NEW TABLE AS charged
  FOR EACH STATEMENT EXECUTE FUNCTION contract_usage_applies();
