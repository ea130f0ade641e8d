-- The roles' order (src/shared/team/roles.ts): an invitation grants no role above its inviter's.
CREATE OR REPLACE FUNCTION role_rank(role text) RETURNS integer AS $$
  SELECT CASE role WHEN 'owner' THEN 4 WHEN 'manager' THEN 3 WHEN 'scheduler' THEN 2 WHEN 'front_desk' THEN 1 END
$$ LANGUAGE sql IMMUTABLE;
