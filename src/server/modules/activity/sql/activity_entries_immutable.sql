-- The trail is written once and never changed. The one DELETE let through is the cascade from
-- the organisation's own deletion: by then its row is gone.
CREATE OR REPLACE FUNCTION activity_entries_immutable() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT FROM "organisations" WHERE "id" = OLD."organisation_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'The activity trail cannot be changed' USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS activity_entries_immutable ON "activity_entries";
CREATE TRIGGER activity_entries_immutable BEFORE UPDATE OR DELETE ON "activity_entries"
  FOR EACH ROW EXECUTE FUNCTION activity_entries_immutable();
