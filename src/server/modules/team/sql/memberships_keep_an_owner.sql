-- An organisation always keeps an Owner. Checked at commit, so a transaction may hand the role
-- over in any order; an organisation being deleted (its memberships cascading) is exempt.
CREATE OR REPLACE FUNCTION memberships_keep_an_owner() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT FROM organisations WHERE id = OLD.organisation_id)
     AND NOT EXISTS (SELECT FROM memberships WHERE organisation_id = OLD.organisation_id AND role = 'owner') THEN
    RAISE EXCEPTION 'An organisation always keeps at least one Owner' USING ERRCODE = 'check_violation', CONSTRAINT = 'memberships_keep_an_owner';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS memberships_keep_an_owner ON memberships;
CREATE CONSTRAINT TRIGGER memberships_keep_an_owner AFTER UPDATE OF role OR DELETE ON memberships
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION memberships_keep_an_owner();
