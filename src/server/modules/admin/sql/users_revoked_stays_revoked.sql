-- A revoked account stays revoked (ADR 0042) unless an administrator approves it again, which the
-- admin repository says for its transaction with fieldhouse.admin_approval.
CREATE OR REPLACE FUNCTION users_revoked_stays_revoked() RETURNS trigger AS $$
BEGIN
  IF OLD.revoked AND NOT NEW.revoked AND coalesce(current_setting('fieldhouse.admin_approval', true), '') <> 'on' THEN
    RAISE EXCEPTION 'A revoked account is approved again only by an administrator'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'users_revoked_stays_revoked';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS users_revoked_stays_revoked ON users;
CREATE TRIGGER users_revoked_stays_revoked BEFORE UPDATE OF revoked ON users
  FOR EACH ROW EXECUTE FUNCTION users_revoked_stays_revoked();
