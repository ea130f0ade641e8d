-- Lobby boards learn of a change within seconds, whichever app instance made it (ADR 0016). Every
-- write that can change what a board shows announces on the channel schedule_changes which
-- room, screen, facility or slug it touched, as '<kind>:<id>'. Each instance LISTENs, drops its
-- cached board data and tells its open boards to fetch again.
-- Statement-level triggers send one notification per distinct key, and PostgreSQL folds
-- identical notifications of one transaction into one, so a 365-event recurrence or a cascading
-- delete costs a handful of notifications, not one per row. A NOTIFY is delivered only when its
-- transaction commits, so a listener that reads after hearing it sees the change.
CREATE OR REPLACE FUNCTION notify_board_change() RETURNS trigger AS $$
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

DROP TRIGGER IF EXISTS facilities_notify_update ON facilities;
CREATE TRIGGER facilities_notify_update AFTER UPDATE ON facilities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('facility:', 'id');

-- A room's or a facility's deletion reaches boards through the cascade to screen_rooms; a rename
-- (of a linked room, a change room or a facility) is announced here.
DROP TRIGGER IF EXISTS rooms_notify_update ON rooms;
CREATE TRIGGER rooms_notify_update AFTER UPDATE ON rooms
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('room:', 'id');

DROP TRIGGER IF EXISTS screen_rooms_notify_delete ON screen_rooms;
CREATE TRIGGER screen_rooms_notify_delete AFTER DELETE ON screen_rooms
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('screen:', 'screen_id');

DROP TRIGGER IF EXISTS screen_rooms_notify_insert ON screen_rooms;
CREATE TRIGGER screen_rooms_notify_insert AFTER INSERT ON screen_rooms
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('screen:', 'screen_id');

DROP TRIGGER IF EXISTS screen_rooms_notify_update ON screen_rooms;
CREATE TRIGGER screen_rooms_notify_update AFTER UPDATE ON screen_rooms
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('screen:', 'screen_id');

DROP TRIGGER IF EXISTS screens_notify_delete ON screens;
CREATE TRIGGER screens_notify_delete AFTER DELETE ON screens
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('screen:', 'id');

-- A board opened at an address before its screen existed (or before a rename gave a screen that
-- address) waits on its slug.
DROP TRIGGER IF EXISTS screens_notify_insert ON screens;
CREATE TRIGGER screens_notify_insert AFTER INSERT ON screens
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('slug:', 'slug');

DROP TRIGGER IF EXISTS screens_notify_update ON screens;
CREATE TRIGGER screens_notify_update AFTER UPDATE ON screens
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('screen:', 'id');

DROP TRIGGER IF EXISTS screens_notify_update_slug ON screens;
CREATE TRIGGER screens_notify_update_slug AFTER UPDATE ON screens
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_change('slug:', 'slug');
