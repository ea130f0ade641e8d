CREATE TABLE "timeline_watches" (
	"organisation_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "timeline_watches_organisation_id_facility_id_pk" PRIMARY KEY("organisation_id","facility_id")
);
--> statement-breakpoint
ALTER TABLE "timeline_watches" ADD CONSTRAINT "timeline_watches_facility_fk" FOREIGN KEY ("organisation_id","facility_id") REFERENCES "public"."facilities"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- An open timeline hears of its facility's bookings within seconds, by the notifications the
-- boards use (ADR 0016, 0030). As for boards, only what someone watches is announced: a booking
-- in a facility with a live watch adds 'timeline:<facility id>'; any other costs one index probe.
-- The boards' part is unchanged from migration 0011.
CREATE OR REPLACE FUNCTION notify_board_room_events() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('schedule_changes', 'room:' || changed.room_id::text)
    FROM (SELECT DISTINCT organisation_id, room_id FROM new_rows) AS changed
    WHERE EXISTS (SELECT FROM screen_rooms WHERE screen_rooms.organisation_id = changed.organisation_id AND screen_rooms.room_id = changed.room_id);
    PERFORM pg_notify('schedule_changes', 'timeline:' || watched.facility_id::text)
    FROM (
      SELECT DISTINCT rooms.organisation_id, rooms.facility_id
      FROM (SELECT DISTINCT organisation_id, room_id FROM new_rows) AS changed
      JOIN rooms ON rooms.organisation_id = changed.organisation_id AND rooms.id = changed.room_id
    ) AS watched
    WHERE EXISTS (
      SELECT FROM timeline_watches
      WHERE timeline_watches.organisation_id = watched.organisation_id AND timeline_watches.facility_id = watched.facility_id
        AND timeline_watches.expires_at > now()
    );
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('schedule_changes', 'room:' || changed.room_id::text)
    FROM (SELECT DISTINCT organisation_id, room_id FROM old_rows) AS changed
    WHERE EXISTS (SELECT FROM screen_rooms WHERE screen_rooms.organisation_id = changed.organisation_id AND screen_rooms.room_id = changed.room_id);
    PERFORM pg_notify('schedule_changes', 'timeline:' || watched.facility_id::text)
    FROM (
      SELECT DISTINCT rooms.organisation_id, rooms.facility_id
      FROM (SELECT DISTINCT organisation_id, room_id FROM old_rows) AS changed
      JOIN rooms ON rooms.organisation_id = changed.organisation_id AND rooms.id = changed.room_id
    ) AS watched
    WHERE EXISTS (
      SELECT FROM timeline_watches
      WHERE timeline_watches.organisation_id = watched.organisation_id AND timeline_watches.facility_id = watched.facility_id
        AND timeline_watches.expires_at > now()
    );
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
