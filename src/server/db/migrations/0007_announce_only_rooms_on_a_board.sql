-- A booking announced its room to every app instance whether or not any board showed it, and
-- each announcement costs PostgreSQL a turn at the notification queue and a wake-up of every
-- listening connection (a third of a booking's database time, docs/benchmarks.md). Events of a room are
-- now announced only while the room is on a screen: no board depends on the others. A room put
-- on a screen announces the screen itself (screen_rooms triggers), and boards also refetch on
-- their own every few minutes.
CREATE FUNCTION notify_board_room_events() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('schedule_changes', 'room:' || changed.room_id::text)
    FROM (SELECT DISTINCT room_id FROM new_rows) AS changed
    WHERE EXISTS (SELECT FROM screen_rooms WHERE screen_rooms.room_id = changed.room_id);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('schedule_changes', 'room:' || changed.room_id::text)
    FROM (SELECT DISTINCT room_id FROM old_rows) AS changed
    WHERE EXISTS (SELECT FROM screen_rooms WHERE screen_rooms.room_id = changed.room_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER schedules_notify_insert ON schedules;
--> statement-breakpoint
DROP TRIGGER schedules_notify_update ON schedules;
--> statement-breakpoint
DROP TRIGGER schedules_notify_delete ON schedules;
--> statement-breakpoint
CREATE TRIGGER schedules_notify_insert AFTER INSERT ON schedules
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_room_events();
--> statement-breakpoint
CREATE TRIGGER schedules_notify_update AFTER UPDATE ON schedules
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_room_events();
--> statement-breakpoint
CREATE TRIGGER schedules_notify_delete AFTER DELETE ON schedules
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_board_room_events();
