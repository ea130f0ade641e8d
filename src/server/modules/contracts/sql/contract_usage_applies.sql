-- A booked event's charge is always on a contract that applies to the event's space (ADR 0029).
--
-- contract_usage_applies (migration 0027) also refuses a charge dated after its contract's end
-- date: a booking statement that picked the contract before an edit ending it earlier committed
-- is tried again (serialization failure), and then charges the next contract that applies. An
-- edit of the end date holds the contract's row FOR UPDATE until it commits, as a scope change
-- does; the foreign key check of an insert (and, for an update, the lock below) waits for it.
-- Hand-logged usage (no event) is dated by the operator and applies anywhere, as before.
CREATE OR REPLACE FUNCTION contract_usage_applies() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM FROM "contracts" c
    WHERE (c."organisation_id", c."id") IN (SELECT "organisation_id", "contract_id" FROM charged WHERE "schedule_id" IS NOT NULL)
    ORDER BY c."organisation_id", c."id"
    FOR KEY SHARE OF c;
  END IF;
  -- A renter's pending request holds its ice uncharged (a hold, ADR 0055): only a booking is
  -- charged, once its hold is confirmed (src/server/booking/holds.ts).
  IF EXISTS (
    SELECT FROM charged u JOIN "schedules" s ON s."organisation_id" = u."organisation_id" AND s."id" = u."schedule_id"
    WHERE s."kind" <> 'booking'
  ) THEN
    RAISE EXCEPTION 'A hold is not charged to a contract until it is confirmed as a booking'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'contract_usage_bookings_only';
  END IF;
  IF EXISTS (
    SELECT FROM charged u JOIN "contracts" c ON c."organisation_id" = u."organisation_id" AND c."id" = u."contract_id"
    WHERE u."schedule_id" IS NOT NULL AND c."end_date" < u."usage_date"
  ) THEN
    RAISE EXCEPTION 'An event would be charged to a contract that has ended by its date'
      USING ERRCODE = 'serialization_failure';
  END IF;
  -- A contract that applies everywhere is settled on its own row; only a limited one looks
  -- further, at the event's space, in a second query that most bookings never start.
  IF NOT EXISTS (
    SELECT FROM charged u JOIN "contracts" c ON c."organisation_id" = u."organisation_id" AND c."id" = u."contract_id"
    WHERE u."schedule_id" IS NOT NULL AND c."applies_to" <> 'all'
  ) THEN
    RETURN NULL;
  END IF;
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
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS contract_usage_applies_on_insert ON "contract_usage";
CREATE TRIGGER contract_usage_applies_on_insert AFTER INSERT ON "contract_usage"
  REFERENCING NEW TABLE AS charged
  FOR EACH STATEMENT EXECUTE FUNCTION contract_usage_applies();

DROP TRIGGER IF EXISTS contract_usage_applies_on_update ON "contract_usage";
CREATE TRIGGER contract_usage_applies_on_update AFTER UPDATE ON "contract_usage"
  REFERENCING NEW TABLE AS charged
  FOR EACH STATEMENT EXECUTE FUNCTION contract_usage_applies();
