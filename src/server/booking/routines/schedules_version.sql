-- Every change to an event raises its version, whichever statement makes it: an edit names the
-- version it was based on, and the booking statement refuses it once the row has moved on
-- (ADR 0028). A trigger rather than the statement, so that no path can forget to raise it.
CREATE OR REPLACE FUNCTION schedules_version() RETURNS trigger AS $$
BEGIN
  NEW."version" := OLD."version" + 1;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS schedules_version ON "schedules";
CREATE TRIGGER schedules_version BEFORE UPDATE ON "schedules"
  FOR EACH ROW EXECUTE FUNCTION schedules_version();
