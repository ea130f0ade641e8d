-- The first account on an empty database runs the place. Deciding that by counting accounts
-- before inserting let parallel sign-ups all see an empty table; here every insert into an
-- empty table queues on one lock, and the first to commit is the only one that finds no account.
-- Nobody else becomes an administrator by being inserted.
CREATE OR REPLACE FUNCTION users_bootstrap_first_admin() RETURNS trigger AS $$
BEGIN
  IF NOT EXISTS (SELECT FROM users) THEN
    PERFORM pg_advisory_xact_lock(727003);
    -- A fresh snapshot after the wait: an account committed meanwhile is seen.
    IF NOT EXISTS (SELECT FROM users) THEN
      NEW.approved := true;
      NEW.role := 'admin';
      RETURN NEW;
    END IF;
  END IF;
  IF NEW.role = 'admin' THEN
    NEW.role := 'user';
    NEW.approved := false;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS users_bootstrap_first_admin ON users;
CREATE TRIGGER users_bootstrap_first_admin BEFORE INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION users_bootstrap_first_admin();
