-- An issued invoice or credit note is final (ADR 0061): it is never updated or deleted, since a
-- new document (a credit note) corrects it. The one DELETE let through is the cascade from the
-- organisation's own deletion: by then its row is gone. A draft becomes issued only with its
-- totals equal to its lines and its taxes, so what was sent adds up.
CREATE OR REPLACE FUNCTION invoices_final() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."status" = 'issued' AND EXISTS (SELECT FROM "organisations" WHERE "id" = OLD."organisation_id") THEN
      RAISE EXCEPTION 'an issued invoice cannot be deleted' USING ERRCODE = 'check_violation', CONSTRAINT = 'invoices_final';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD."status" = 'issued' THEN
    RAISE EXCEPTION 'an issued invoice cannot be changed' USING ERRCODE = 'check_violation', CONSTRAINT = 'invoices_final';
  END IF;
  IF NEW."status" = 'issued' THEN
    IF NEW."subtotal_minor" <> (SELECT coalesce(sum("amount_minor"), 0) FROM "invoice_lines"
                                 WHERE "organisation_id" = NEW."organisation_id" AND "invoice_id" = NEW."id")
       OR NEW."tax_minor" <> (SELECT coalesce(sum("amount_minor"), 0) FROM "invoice_taxes"
                               WHERE "organisation_id" = NEW."organisation_id" AND "invoice_id" = NEW."id") THEN
      RAISE EXCEPTION 'an invoice is issued only with totals equal to its lines and taxes'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'invoices_final';
    END IF;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS invoices_final ON "invoices";
CREATE TRIGGER invoices_final BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION invoices_final();
