-- Invitations that can be withdrawn and that never outlive their inviter's right to invite, and
-- a revoked account that stays revoked (docs/product.md#teams, docs/product.md#accounts, ADR 0042).
--
-- An invitation was open until it was used or expired, whoever had sent it: an Owner removed or
-- demoted could still come back in through a link they had sent to another address of theirs.
-- Now an invitation is open only while it is neither accepted, withdrawn nor expired, and:
-- 1. withdrawing sets withdrawn_at (the Team page's 'Withdraw', the team service);
-- 2. a membership that is deleted, or whose role no longer may invite, withdraws every open
--    invitation its member sent in that organisation, in the same statement, and writes one
--    activity entry per invitation (memberships_withdraw_invitations below);
-- 3. an invitation is written only by a member whose role may invite, for a role no higher than
--    theirs (invitations_inviter_may_invite), and is accepted only while it is open and its
--    inviter still holds such a role (invitations_accept_while_inviter_may_invite).
--
-- The roles that may invite are those with the manageTeam permission of src/shared/team/roles.ts;
-- role_may_invite and role_rank say the same for the database.
CREATE FUNCTION role_may_invite(role text) RETURNS boolean AS $$
  SELECT role = 'owner'
$$ LANGUAGE sql IMMUTABLE;--> statement-breakpoint
CREATE FUNCTION role_rank(role text) RETURNS integer AS $$
  SELECT CASE role WHEN 'owner' THEN 4 WHEN 'manager' THEN 3 WHEN 'scheduler' THEN 2 WHEN 'front_desk' THEN 1 END
$$ LANGUAGE sql IMMUTABLE;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_used_or_withdrawn" CHECK ("accepted_at" IS NULL OR "withdrawn_at" IS NULL);--> statement-breakpoint

-- Withdraws the open invitations one member sent in one organisation, with an entry each in the
-- trail. The entry's actor is the person whose request did it, when the service named them for
-- the transaction (fieldhouse.actor_id and fieldhouse.actor_name, the team service's asActor);
-- otherwise Fieldhouse itself.
CREATE FUNCTION withdraw_invitations_of(organisation uuid, inviter text) RETURNS void AS $$
  WITH withdrawn AS (
    UPDATE invitations SET withdrawn_at = now()
    WHERE organisation_id = organisation AND invited_by = inviter
      AND accepted_at IS NULL AND withdrawn_at IS NULL AND expires_at > now()
    RETURNING id, email, role
  )
  INSERT INTO activity_entries (organisation_id, actor_id, actor_name, action, entity, entity_id, label, changes)
  SELECT organisation,
         nullif(current_setting('fieldhouse.actor_id', true), ''),
         coalesce(nullif(current_setting('fieldhouse.actor_name', true), ''), 'Fieldhouse'),
         'deleted', 'invitation', withdrawn.id::text, withdrawn.email,
         jsonb_build_object('email', jsonb_build_object('before', withdrawn.email, 'after', null),
                            'role', jsonb_build_object('before', withdrawn.role, 'after', null))
  FROM withdrawn
  ORDER BY withdrawn.email, withdrawn.id
$$ LANGUAGE sql;--> statement-breakpoint

-- An organisation being deleted takes its invitations and its trail along: nothing to withdraw.
CREATE FUNCTION memberships_withdraw_invitations() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NOT role_may_invite(OLD.role) OR role_may_invite(NEW.role)) THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT FROM organisations WHERE id = OLD.organisation_id) THEN
    PERFORM withdraw_invitations_of(OLD.organisation_id, OLD.user_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER memberships_withdraw_invitations AFTER UPDATE OF role OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION memberships_withdraw_invitations();--> statement-breakpoint

CREATE FUNCTION invitations_inviter_may_invite() RETURNS trigger AS $$
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
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER invitations_inviter_may_invite BEFORE INSERT ON invitations
  FOR EACH ROW EXECUTE FUNCTION invitations_inviter_may_invite();--> statement-breakpoint

-- The inviter's membership is held FOR SHARE until the acceptance commits, so a removal or a
-- demotion of the inviter either waits for it or has already withdrawn the invitation.
CREATE FUNCTION invitations_accept_while_inviter_may_invite() RETURNS trigger AS $$
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
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER invitations_accept_while_inviter_may_invite BEFORE UPDATE OF accepted_at ON invitations
  FOR EACH ROW WHEN (OLD.accepted_at IS NULL AND NEW.accepted_at IS NOT NULL)
  EXECUTE FUNCTION invitations_accept_while_inviter_may_invite();--> statement-breakpoint

-- Invitations already open whose inviter may no longer invite go now, as they would have then.
SELECT withdraw_invitations_of(i.organisation_id, i.invited_by)
FROM (SELECT DISTINCT organisation_id, invited_by FROM invitations
      WHERE accepted_at IS NULL AND expires_at > now()) i
WHERE i.invited_by IS NOT NULL
  AND NOT EXISTS (SELECT FROM memberships m
                  WHERE m.organisation_id = i.organisation_id AND m.user_id = i.invited_by AND role_may_invite(m.role));--> statement-breakpoint
UPDATE invitations SET withdrawn_at = now() WHERE invited_by IS NULL AND accepted_at IS NULL AND withdrawn_at IS NULL;--> statement-breakpoint

-- A revoke is not pending: users.revoked is set by the administrator's revoke and cleared only by
-- the administrator's approval, which names itself for its transaction (fieldhouse.admin_approval,
-- the admin service). A revoked account is never approved: no invitation, sign-in or sign-up
-- path can approve it, for the check refuses the row and the trigger refuses clearing the flag.
ALTER TABLE "users" ADD COLUMN "revoked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_revoked_not_approved" CHECK (NOT ("revoked" AND "approved"));--> statement-breakpoint
CREATE FUNCTION users_revoked_stays_revoked() RETURNS trigger AS $$
BEGIN
  IF OLD.revoked AND NOT NEW.revoked AND coalesce(current_setting('fieldhouse.admin_approval', true), '') <> 'on' THEN
    RAISE EXCEPTION 'A revoked account is approved again only by an administrator'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'users_revoked_stays_revoked';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER users_revoked_stays_revoked BEFORE UPDATE OF revoked ON users
  FOR EACH ROW EXECUTE FUNCTION users_revoked_stays_revoked();
