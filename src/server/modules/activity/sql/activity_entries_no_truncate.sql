-- Nor is the trail emptied by TRUNCATE, which row triggers do not see (activity_entries_immutable.sql).
CREATE OR REPLACE FUNCTION activity_entries_no_truncate() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'The activity trail cannot be changed' USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS activity_entries_no_truncate ON "activity_entries";
CREATE TRIGGER activity_entries_no_truncate BEFORE TRUNCATE ON "activity_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION activity_entries_no_truncate();
