-- Whether a role may invite (ADR 0042): those with the manageTeam permission of
-- src/shared/team/roles.ts, said again for the database's invitation triggers.
CREATE OR REPLACE FUNCTION role_may_invite(role text) RETURNS boolean AS $$
  SELECT role = 'owner'
$$ LANGUAGE sql IMMUTABLE;
