-- An invitation is written only by a member whose role may invite, for a role no higher than
-- theirs (ADR 0042).
CREATE OR REPLACE FUNCTION invitations_inviter_may_invite() RETURNS trigger AS $$
DECLARE
  inviter_role text;
BEGIN
  SELECT role INTO inviter_role FROM memberships
  WHERE organisation_id = NEW.organisation_id AND user_id = NEW.invited_by
  FOR SHARE;
  IF inviter_role IS NULL OR NOT role_may_invite(inviter_role) THEN
    RAISE EXCEPTION 'Only a member who may invite can send an invitation'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'invitations_inviter_may_invite';
  END IF;
  IF role_rank(NEW.role) > role_rank(inviter_role) THEN
    RAISE EXCEPTION 'An invitation cannot grant a role above its inviter''s'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'invitations_role_within_inviter';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS invitations_inviter_may_invite ON invitations;
CREATE TRIGGER invitations_inviter_may_invite BEFORE INSERT ON invitations
  FOR EACH ROW EXECUTE FUNCTION invitations_inviter_may_invite();
