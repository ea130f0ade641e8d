-- The lines and taxes of an issued invoice or credit note are final with it (ADR 0061): none is
-- added, changed or removed once it is issued. Checked once per statement over the rows it
-- touched ('Create Invoices' writes a month's lines a thousand at a time), holding each of their
-- documents FOR SHARE until the transaction ends: an issue of the same document waits for this
-- transaction, and then sees its lines in the totals it checks (invoices_final), so a line can
-- never slip onto a document between the check and the issue. A cascade from the document's own
-- deletion (a draft's, or any at the organisation's deletion) finds it gone and goes through.
DROP TRIGGER IF EXISTS invoice_lines_final ON "invoice_lines";
DROP TRIGGER IF EXISTS invoice_taxes_final ON "invoice_taxes";

CREATE OR REPLACE FUNCTION invoice_parts_final() RETURNS trigger AS $$
DECLARE
  is_final boolean;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT bool_or(held."status" = 'issued') INTO is_final FROM (
      SELECT i."status" FROM "invoices" i
      WHERE (i."organisation_id", i."id") IN (
        SELECT "organisation_id", "invoice_id" FROM touched
        UNION SELECT "organisation_id", "invoice_id" FROM touched_before)
      FOR SHARE OF i) AS held;
  ELSE
    SELECT bool_or(held."status" = 'issued') INTO is_final FROM (
      SELECT i."status" FROM "invoices" i
      WHERE (i."organisation_id", i."id") IN (SELECT "organisation_id", "invoice_id" FROM touched)
      FOR SHARE OF i) AS held;
  END IF;
  IF is_final THEN
    RAISE EXCEPTION 'an issued invoice cannot be changed' USING ERRCODE = 'check_violation', CONSTRAINT = 'invoices_final';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS invoice_lines_final_insert ON "invoice_lines";
CREATE TRIGGER invoice_lines_final_insert AFTER INSERT ON "invoice_lines"
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION invoice_parts_final();
DROP TRIGGER IF EXISTS invoice_lines_final_update ON "invoice_lines";
CREATE TRIGGER invoice_lines_final_update AFTER UPDATE ON "invoice_lines"
  REFERENCING OLD TABLE AS touched_before NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION invoice_parts_final();
DROP TRIGGER IF EXISTS invoice_lines_final_delete ON "invoice_lines";
CREATE TRIGGER invoice_lines_final_delete AFTER DELETE ON "invoice_lines"
  REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION invoice_parts_final();
DROP TRIGGER IF EXISTS invoice_taxes_final_insert ON "invoice_taxes";
CREATE TRIGGER invoice_taxes_final_insert AFTER INSERT ON "invoice_taxes"
  REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION invoice_parts_final();
DROP TRIGGER IF EXISTS invoice_taxes_final_update ON "invoice_taxes";
CREATE TRIGGER invoice_taxes_final_update AFTER UPDATE ON "invoice_taxes"
  REFERENCING OLD TABLE AS touched_before NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION invoice_parts_final();
DROP TRIGGER IF EXISTS invoice_taxes_final_delete ON "invoice_taxes";
CREATE TRIGGER invoice_taxes_final_delete AFTER DELETE ON "invoice_taxes"
  REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION invoice_parts_final();
