-- An allocation is written once (ADR 0062): what a payment settled stays in the books. A voided
-- invoice releases its allocations by being void, not by losing them. The one DELETE let through
-- is the cascade from the organisation's own deletion: by then its row is gone.
CREATE OR REPLACE FUNCTION payment_allocations_final() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT FROM "organisations" WHERE "id" = OLD."organisation_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'A payment''s allocations cannot be changed'
    USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_allocations_final';
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS payment_allocations_final ON "payment_allocations";
CREATE TRIGGER payment_allocations_final BEFORE UPDATE OR DELETE ON "payment_allocations"
  FOR EACH ROW EXECUTE FUNCTION payment_allocations_final();
