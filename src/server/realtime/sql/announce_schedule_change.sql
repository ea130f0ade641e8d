-- An event moved, edited or deleted is announced on schedule_changes to the boards showing its
-- room and the watched timelines of its facility (src/server/realtime/schedule-changes.ts). A new
-- event is announced by schedules_occupy, which reads its room anyway.
CREATE OR REPLACE FUNCTION announce_schedule_change() RETURNS trigger AS $$
DECLARE
  organisation uuid;
  changed_rooms uuid[];
  changed_room uuid;
  is_on_board boolean;
  watched_facility uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    organisation := OLD."organisation_id";
    changed_rooms := ARRAY[OLD."room_id"];
  ELSIF TG_OP = 'UPDATE' AND OLD."room_id" IS DISTINCT FROM NEW."room_id" THEN
    -- A move changes the room it left as well as the one it went to.
    organisation := NEW."organisation_id";
    changed_rooms := ARRAY[NEW."room_id", OLD."room_id"];
  ELSE
    organisation := NEW."organisation_id";
    changed_rooms := ARRAY[NEW."room_id"];
  END IF;
  FOREACH changed_room IN ARRAY changed_rooms LOOP
    -- A room already gone (its deletion cascading to its bookings) has no facility: a board may
    -- still show it until its own row goes, and no timeline of it is watched.
    SELECT heard."is_on_board", heard."watched_facility" INTO is_on_board, watched_facility
    FROM (SELECT) AS one
    LEFT JOIN "rooms" r ON r."organisation_id" = organisation AND r."id" = changed_room
    CROSS JOIN LATERAL room_change_listeners(organisation, changed_room, r."facility_id") AS heard;
    IF is_on_board THEN
      PERFORM pg_notify('schedule_changes', 'room:' || changed_room::text);
    END IF;
    IF watched_facility IS NOT NULL THEN
      PERFORM pg_notify('schedule_changes', 'timeline:' || watched_facility::text);
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS schedules_announce ON "schedules";
CREATE TRIGGER "schedules_announce" AFTER UPDATE OR DELETE ON "schedules"
  FOR EACH ROW EXECUTE FUNCTION announce_schedule_change();
