-- Two events in one room may never overlap. The application checks first to give a
-- friendly message; this constraint is what makes a race end in a clean 409 instead of
-- two bookings. Ranges are [start, end) so back-to-back bookings may touch.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_no_overlap"
  EXCLUDE USING gist ("room_id" WITH =, tstzrange("start_time", "end_time", '[)') WITH &&);
--> statement-breakpoint
-- The contract's hours_used moves with its usage rows, whichever path inserts or deletes
-- them (a logged usage, a booked event, or a room or facility deleted with its events).
-- Each change is one atomic hours_used = hours_used + x in the same transaction.
CREATE FUNCTION contract_usage_apply_hours() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE contracts SET hours_used = hours_used + NEW.hours_logged WHERE id = NEW.contract_id;
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE contracts SET hours_used = hours_used - OLD.hours_logged WHERE id = OLD.contract_id;
    RETURN OLD;
  ELSE
    UPDATE contracts SET hours_used = hours_used - OLD.hours_logged WHERE id = OLD.contract_id;
    UPDATE contracts SET hours_used = hours_used + NEW.hours_logged WHERE id = NEW.contract_id;
    RETURN NEW;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER contract_usage_apply_hours
  AFTER INSERT OR DELETE OR UPDATE OF hours_logged, contract_id ON contract_usage
  FOR EACH ROW EXECUTE FUNCTION contract_usage_apply_hours();
