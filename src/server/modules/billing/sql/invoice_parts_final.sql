-- The lines and taxes of an issued invoice or credit note are final with it (ADR 0061): none is
-- added, changed or removed once it is issued. A cascade from the invoice's own deletion (a
-- draft's, or any at the organisation's deletion) finds the invoice gone and goes through.
CREATE OR REPLACE FUNCTION invoice_parts_final() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND EXISTS (SELECT FROM "invoices"
      WHERE "organisation_id" = OLD."organisation_id" AND "id" = OLD."invoice_id" AND "status" = 'issued') THEN
    RAISE EXCEPTION 'an issued invoice cannot be changed' USING ERRCODE = 'check_violation', CONSTRAINT = 'invoices_final';
  END IF;
  IF TG_OP <> 'DELETE' AND EXISTS (SELECT FROM "invoices"
      WHERE "organisation_id" = NEW."organisation_id" AND "id" = NEW."invoice_id" AND "status" = 'issued') THEN
    RAISE EXCEPTION 'an issued invoice cannot be changed' USING ERRCODE = 'check_violation', CONSTRAINT = 'invoices_final';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS invoice_lines_final ON "invoice_lines";
CREATE TRIGGER invoice_lines_final BEFORE INSERT OR UPDATE OR DELETE ON "invoice_lines"
  FOR EACH ROW EXECUTE FUNCTION invoice_parts_final();
DROP TRIGGER IF EXISTS invoice_taxes_final ON "invoice_taxes";
CREATE TRIGGER invoice_taxes_final BEFORE INSERT OR UPDATE OR DELETE ON "invoice_taxes"
  FOR EACH ROW EXECUTE FUNCTION invoice_parts_final();
