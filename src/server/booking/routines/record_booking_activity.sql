-- A booking's entry in the activity trail, written by the booking statement in its own
-- transaction (ADR 0022, ADR 0036, ADR 0040): what a new booking is, or what an edit changed.
CREATE OR REPLACE FUNCTION record_booking_activity(
  organisation uuid, actor_id text, actor_name text, is_edit boolean, zone text, facility uuid,
  booked jsonb, previous jsonb, next jsonb
) RETURNS void AS $$
DECLARE
  room_name text;
  client_name text;
BEGIN
  -- Simple expressions, evaluated without starting a query, unless the names were not passed.
  IF next ? 'room_name' THEN
    room_name := next->>'room_name';
  ELSE
    SELECT r."name" INTO room_name FROM "rooms" r WHERE r."organisation_id" = organisation AND r."id" = (next->>'room_id')::uuid;
  END IF;
  IF next ? 'client_name' THEN
    client_name := next->>'client_name';
  ELSE
    SELECT c."name" INTO client_name FROM "clients" c WHERE c."organisation_id" = organisation AND c."id" = (next->>'client_id')::uuid;
  END IF;
  IF NOT is_edit AND NOT (booked @? '$[*] ? (@.event_group_id != null)') THEN
    -- A new booking with no part of a split event: each row is an occurrence of its own, which
    -- booking_occurrences would find too, at the cost of a sort and a group.
    INSERT INTO "activity_entries" ("organisation_id", "actor_id", "actor_name", "action", "entity", "entity_id", "label",
      "facility_id", "time_zone", "changes")
    SELECT organisation, actor_id, actor_name, 'created', 'event', b.id::text, booking_title(b.title),
      facility, zone,
      booking_created_changes(b.start_time, b.end_time, room_name, client_name)
    FROM jsonb_to_recordset(booked) AS b(id uuid, title text, start_time timestamptz, end_time timestamptz);
    RETURN;
  END IF;
  IF NOT is_edit THEN
    -- A new booking: where and when, for each occurrence, its parts grouped.
    INSERT INTO "activity_entries" ("organisation_id", "actor_id", "actor_name", "action", "entity", "entity_id", "label",
      "facility_id", "time_zone", "changes")
    SELECT organisation, actor_id, actor_name, 'created', 'event', o.id::text, o.title, facility, zone,
      booking_created_changes(o.start_time, o.end_time, room_name, client_name)
    FROM booking_occurrences(booked) AS o;
    RETURN;
  END IF;
  -- An edit: each field that changed, before → after.
  INSERT INTO "activity_entries" ("organisation_id", "actor_id", "actor_name", "action", "entity", "entity_id", "label",
    "facility_id", "time_zone", "changes")
  SELECT organisation, actor_id, actor_name, 'updated', 'event', o.id::text, o.title,
    facility, zone,
    (SELECT coalesce(jsonb_object_agg(f.field, jsonb_build_object('before', f.before, 'after', f.after)), '{}'::jsonb)
      FROM (VALUES
        ('title', to_jsonb(p.title), to_jsonb(o.title)),
        ('start', to_jsonb(to_char(p.start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
          to_jsonb(to_char(o.start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
        ('end', to_jsonb(to_char(p.end_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
          to_jsonb(to_char(o.end_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
        ('space', (SELECT to_jsonb(r."name") FROM "rooms" r WHERE r."organisation_id" = organisation AND r."id" = p.room_id),
          to_jsonb(room_name)),
        ('client', (SELECT to_jsonb(c."name") FROM "clients" c WHERE c."organisation_id" = organisation AND c."id" = p.client_id),
          to_jsonb(client_name)),
        ('description', to_jsonb(p.description), next->'description'),
        ('color', to_jsonb(p.color), next->'color'),
        ('eventType', to_jsonb(p.event_type), next->'event_type'),
        ('team1Name', to_jsonb(p.team1_name), next->'team1_name'),
        ('team2Name', to_jsonb(p.team2_name), next->'team2_name'),
        ('changeRoom1', (SELECT to_jsonb(r."name") FROM "rooms" r WHERE r."organisation_id" = organisation AND r."id" = p.change_room1_id),
          (SELECT to_jsonb(r."name") FROM "rooms" r WHERE r."organisation_id" = organisation AND r."id" = (next->>'change_room1_id')::uuid)),
        ('changeRoom2', (SELECT to_jsonb(r."name") FROM "rooms" r WHERE r."organisation_id" = organisation AND r."id" = p.change_room2_id),
          (SELECT to_jsonb(r."name") FROM "rooms" r WHERE r."organisation_id" = organisation AND r."id" = (next->>'change_room2_id')::uuid))
      ) AS f(field, before, after)
      -- JSON null and a missing value are one: an empty description stays unchanged.
      WHERE coalesce(f.before, 'null'::jsonb) IS DISTINCT FROM coalesce(f.after, 'null'::jsonb))
  FROM booking_occurrences(booked) AS o
  LEFT JOIN (
    SELECT booking_title((array_agg(r.title ORDER BY r.start_time))[1]) AS title,
      min(r.start_time) AS start_time, max(r.end_time) AS end_time, (array_agg(r.room_id))[1] AS room_id,
      (array_agg(r.client_id))[1] AS client_id, (array_agg(r.description))[1] AS description, (array_agg(r.color))[1] AS color,
      (array_agg(r.event_type))[1] AS event_type, (array_agg(r.team1_name))[1] AS team1_name, (array_agg(r.team2_name))[1] AS team2_name,
      (array_agg(r.change_room1_id))[1] AS change_room1_id, (array_agg(r.change_room2_id))[1] AS change_room2_id
    FROM jsonb_to_recordset(previous) AS r(id uuid, title text, start_time timestamptz, end_time timestamptz, room_id uuid,
      client_id uuid, description text, color text, event_type text, team1_name text, team2_name text, change_room1_id uuid,
      change_room2_id uuid)
    HAVING count(*) > 0
  ) AS p ON true;
END;
$$ LANGUAGE plpgsql;
