-- An organisation being deleted takes its invitations and its trail along: nothing to withdraw.
CREATE OR REPLACE FUNCTION memberships_withdraw_invitations() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NOT role_may_invite(OLD.role) OR role_may_invite(NEW.role)) THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT FROM organisations WHERE id = OLD.organisation_id) THEN
    PERFORM withdraw_invitations_of(OLD.organisation_id, OLD.user_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS memberships_withdraw_invitations ON memberships;
CREATE TRIGGER memberships_withdraw_invitations AFTER UPDATE OF role OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION memberships_withdraw_invitations();
