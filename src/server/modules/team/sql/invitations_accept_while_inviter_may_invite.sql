-- The inviter's membership is held FOR SHARE until the acceptance commits, so a removal or a
-- demotion of the inviter either waits for it or has already withdrawn the invitation.
CREATE OR REPLACE FUNCTION invitations_accept_while_inviter_may_invite() RETURNS trigger AS $$
DECLARE
  inviter_role text;
BEGIN
  IF OLD.withdrawn_at IS NOT NULL OR OLD.expires_at <= now() THEN
    RAISE EXCEPTION 'This invitation is no longer open'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'invitations_accept_while_open';
  END IF;
  SELECT role INTO inviter_role FROM memberships
  WHERE organisation_id = OLD.organisation_id AND user_id = OLD.invited_by
  FOR SHARE;
  IF inviter_role IS NULL OR NOT role_may_invite(inviter_role) OR role_rank(OLD.role) > role_rank(inviter_role) THEN
    RAISE EXCEPTION 'This invitation''s inviter may no longer invite'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'invitations_accept_while_open';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS invitations_accept_while_inviter_may_invite ON invitations;
CREATE TRIGGER invitations_accept_while_inviter_may_invite BEFORE UPDATE OF accepted_at ON invitations
  FOR EACH ROW WHEN (OLD.accepted_at IS NULL AND NEW.accepted_at IS NOT NULL)
  EXECUTE FUNCTION invitations_accept_while_inviter_may_invite();
