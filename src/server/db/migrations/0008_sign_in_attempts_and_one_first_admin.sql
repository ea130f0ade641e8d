-- Sign-in failures were recorded after the password check, so parallel guesses were all checked
-- before any of them counted. An attempt now takes its row before its password is verified and
-- gives it back only when the password was right; sign-ups take one too (auth/attempt-limits.ts).
DROP TABLE "sign_in_failures";
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"account" text,
	"address" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_attempts_kind" CHECK ("kind" IN ('sign_in', 'sign_up'))
);
--> statement-breakpoint
CREATE INDEX "auth_attempts_account_idx" ON "auth_attempts" USING btree ("kind", "account", "attempted_at");
--> statement-breakpoint
CREATE INDEX "auth_attempts_address_idx" ON "auth_attempts" USING btree ("kind", "address", "attempted_at");
--> statement-breakpoint
-- The first account on an empty database runs the place. Deciding that by counting accounts
-- before inserting let parallel sign-ups all see an empty table; here every insert into an
-- empty table queues on one lock, and the first to commit is the only one that finds no account.
-- Nobody else becomes an administrator by being inserted.
CREATE FUNCTION users_bootstrap_first_admin() RETURNS trigger AS $$
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
--> statement-breakpoint
CREATE TRIGGER users_bootstrap_first_admin BEFORE INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION users_bootstrap_first_admin();
