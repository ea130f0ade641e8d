-- An account's deletion takes along the organisations it was the only member of, as deleting
-- an operator took their rows before there were organisations. A member who merely leaves
-- takes nothing: their account still exists.
CREATE OR REPLACE FUNCTION memberships_delete_empty_organisation() RETURNS trigger AS $$
BEGIN
  DELETE FROM organisations o
  WHERE o.id IN (
      SELECT DISTINCT old_rows.organisation_id FROM old_rows
      WHERE NOT EXISTS (SELECT FROM users WHERE users.id = old_rows.user_id))
    AND NOT EXISTS (SELECT FROM memberships m WHERE m.organisation_id = o.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS memberships_delete_empty_organisation ON memberships;
CREATE TRIGGER memberships_delete_empty_organisation AFTER DELETE ON memberships
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION memberships_delete_empty_organisation();
