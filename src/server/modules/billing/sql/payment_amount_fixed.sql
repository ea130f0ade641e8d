-- A payment received keeps its amount, client and currency (ADR 0062): its allocations were
-- checked against them. Its status may move on (a provider captures, fails or refunds it).
CREATE OR REPLACE FUNCTION payment_amount_fixed() RETURNS trigger AS $$
BEGIN
  IF NEW."amount_minor" IS DISTINCT FROM OLD."amount_minor"
    OR NEW."client_id" IS DISTINCT FROM OLD."client_id"
    OR NEW."currency" IS DISTINCT FROM OLD."currency"
    OR NEW."organisation_id" IS DISTINCT FROM OLD."organisation_id" THEN
    RAISE EXCEPTION 'A payment''s amount, client and currency cannot be changed'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_amount_fixed';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS payment_amount_fixed ON "payments";
CREATE TRIGGER payment_amount_fixed BEFORE UPDATE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION payment_amount_fixed();
