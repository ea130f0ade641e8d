-- Who hears of a change to a room's bookings: a lobby board showing the room, or a watched timeline
-- of its facility. Used by announce_schedule_change and by schedules_occupy (in its one read of
-- the booked room).
--
-- It is a set-returning SQL function, STABLE and not STRICT, so PostgreSQL inlines it into the
-- calling query as a subquery: schedules_occupy starts one query for its room, not two (ADR 0037).
CREATE OR REPLACE FUNCTION room_change_listeners(organisation uuid, room uuid, facility uuid)
RETURNS TABLE ("is_on_board" boolean, "watched_facility" uuid) AS $$
  SELECT EXISTS (SELECT FROM "screen_rooms" s WHERE s."organisation_id" = organisation AND s."room_id" = room),
    (SELECT w."facility_id" FROM "timeline_watches" w
      WHERE w."organisation_id" = organisation AND w."facility_id" = facility AND w."expires_at" > now())
$$ LANGUAGE sql STABLE;
