-- Lobby boards learn of a change within seconds, whichever app instance made it (ADR 0009). Every
-- write that can change what a board shows announces on the channel schedule_changes which
-- room, screen, facility or slug it touched, as '<kind>:<id>'. Each instance LISTENs, drops its
-- cached board data and tells its open boards to fetch again.
-- Statement-level triggers send one notification per distinct key, and PostgreSQL folds
-- identical notifications of one transaction into one, so a 365-event recurrence or a cascading
-- delete costs a handful of notifications, not one per row. A NOTIFY is delivered only when its
-- transaction commits, so a listener that reads after hearing it sees the change.
CREATE FUNCTION notify_board_change() RETURNS trigger AS $$
DECLARE
  key_prefix text := TG_ARGV[0];
  key_column text := TG_ARGV[1];
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format(
      'SELECT pg_notify(''schedule_changes'', %L || %I::text) FROM (SELECT DISTINCT %I FROM new_rows) AS changed',
      key_prefix, key_column, key_column);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format(
      'SELECT pg_notify(''schedule_changes'', %L || %I::text) FROM (SELECT DISTINCT %I FROM old_rows) AS changed',
      key_prefix, key_column, key_column);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- An event moved to another room announces both rooms.
CREATE TRIGGER schedules_notify_insert AFTER INSERT ON schedules
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('room:', 'room_id');
--> statement-breakpoint
CREATE TRIGGER schedules_notify_update AFTER UPDATE ON schedules
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('room:', 'room_id');
--> statement-breakpoint
CREATE TRIGGER schedules_notify_delete AFTER DELETE ON schedules
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('room:', 'room_id');
--> statement-breakpoint
CREATE TRIGGER screen_rooms_notify_insert AFTER INSERT ON screen_rooms
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('screen:', 'screen_id');
--> statement-breakpoint
CREATE TRIGGER screen_rooms_notify_update AFTER UPDATE ON screen_rooms
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('screen:', 'screen_id');
--> statement-breakpoint
CREATE TRIGGER screen_rooms_notify_delete AFTER DELETE ON screen_rooms
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('screen:', 'screen_id');
--> statement-breakpoint
-- A board opened at an address before its screen existed (or before a rename gave a screen that
-- address) waits on its slug.
CREATE TRIGGER screens_notify_insert AFTER INSERT ON screens
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('slug:', 'slug');
--> statement-breakpoint
CREATE TRIGGER screens_notify_update AFTER UPDATE ON screens
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('screen:', 'id');
--> statement-breakpoint
CREATE TRIGGER screens_notify_update_slug AFTER UPDATE ON screens
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('slug:', 'slug');
--> statement-breakpoint
CREATE TRIGGER screens_notify_delete AFTER DELETE ON screens
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('screen:', 'id');
--> statement-breakpoint
-- A room's or a facility's deletion reaches boards through the cascades above; a rename
-- (of a linked room, a change room or a facility) is announced here.
CREATE TRIGGER rooms_notify_update AFTER UPDATE ON rooms
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('room:', 'id');
--> statement-breakpoint
CREATE TRIGGER facilities_notify_update AFTER UPDATE ON facilities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('facility:', 'id');
