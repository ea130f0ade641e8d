-- Boards show a closure in the blocks of the rooms it closes; they hear of it through their facility.
CREATE OR REPLACE FUNCTION notify_closure_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('schedule_changes', 'facility:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD."facility_id" ELSE NEW."facility_id" END)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS closures_notify ON "closures";
CREATE TRIGGER closures_notify AFTER INSERT OR UPDATE OR DELETE ON "closures"
  FOR EACH ROW EXECUTE FUNCTION notify_closure_change();
