-- A payment never settles more than it has, nor an invoice take more than its total (ADR 0062).
-- An allocation goes only to an issued invoice that is not void (no credit note names it), of the
-- payment's own client, from a captured payment. What a payment has already settled counts only
-- its allocations to invoices that are not void: voiding an invoice releases what was paid on it
-- into the client's credit.
--
-- The payment's row and then the invoice's are held FOR UPDATE before the sums are read, so two
-- allocations from one payment, or to one invoice, take turns, and the second sees the first's
-- (each statement of a PL/pgSQL function reads afresh under READ COMMITTED). Holding the invoice
-- FOR UPDATE also waits out, and holds off, a credit note that would void it (its foreign key
-- takes the invoice FOR KEY SHARE). A missing payment or invoice is left to the foreign keys.
CREATE OR REPLACE FUNCTION payment_allocations_within() RETURNS trigger AS $$
DECLARE
  payment_client uuid;
  payment_amount bigint;
  payment_status text;
  invoice_client uuid;
  invoice_kind text;
  invoice_status text;
  invoice_total bigint;
  allocated bigint;
  paid bigint;
BEGIN
  SELECT p."client_id", p."amount_minor", p."status" INTO payment_client, payment_amount, payment_status
  FROM "payments" p
  WHERE p."organisation_id" = NEW."organisation_id" AND p."id" = NEW."payment_id"
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NEW;
  END IF;
  SELECT i."client_id", i."kind", i."status", i."total_minor" INTO invoice_client, invoice_kind, invoice_status, invoice_total
  FROM "invoices" i
  WHERE i."organisation_id" = NEW."organisation_id" AND i."id" = NEW."invoice_id"
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NEW;
  END IF;

  IF payment_status <> 'captured' THEN
    RAISE EXCEPTION 'Only a captured payment settles invoices'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_allocations_captured_payment';
  END IF;
  IF invoice_client <> payment_client THEN
    RAISE EXCEPTION 'A payment settles only its own client''s invoices'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_allocations_same_client';
  END IF;
  IF invoice_kind <> 'invoice' OR invoice_status <> 'issued' OR EXISTS (
    SELECT FROM "invoices" v WHERE v."organisation_id" = NEW."organisation_id" AND v."voids_invoice_id" = NEW."invoice_id"
  ) THEN
    RAISE EXCEPTION 'A payment settles only an issued invoice that is not void'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_allocations_open_invoice';
  END IF;

  SELECT coalesce(sum(a."amount_minor"), 0) INTO allocated
  FROM "payment_allocations" a
  WHERE a."organisation_id" = NEW."organisation_id" AND a."payment_id" = NEW."payment_id"
    AND NOT EXISTS (
      SELECT FROM "invoices" v WHERE v."organisation_id" = a."organisation_id" AND v."voids_invoice_id" = a."invoice_id"
    );
  IF allocated + NEW."amount_minor" > payment_amount THEN
    RAISE EXCEPTION 'The allocation is more than what is left of the payment'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_allocations_within_payment';
  END IF;

  SELECT coalesce(sum(a."amount_minor"), 0) INTO paid
  FROM "payment_allocations" a
  WHERE a."organisation_id" = NEW."organisation_id" AND a."invoice_id" = NEW."invoice_id";
  IF paid + NEW."amount_minor" > invoice_total THEN
    RAISE EXCEPTION 'The allocation is more than what is left to pay on the invoice'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_allocations_within_invoice';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS payment_allocations_within ON "payment_allocations";
CREATE TRIGGER payment_allocations_within BEFORE INSERT ON "payment_allocations"
  FOR EACH ROW EXECUTE FUNCTION payment_allocations_within();
