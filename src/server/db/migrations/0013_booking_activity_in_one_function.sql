-- A booking's activity entry (ADR 0022), written by the booking statement through this function.
-- Inlined in the statement, the entry's arithmetic made PostgreSQL's estimate of the statement's
-- generic plan so high that it planned every booking afresh, which cost more than the booking.
-- Behind a function call the statement keeps one plan, and this body keeps its own.
--
-- booked:   the rows the booking wrote, [{id, title, start_time, end_time, event_group_id}];
-- previous: the rows it replaced, as they were (empty for a new booking);
-- next:     the booking's shared values, {room_id, client_id, description, color, event_type,
--           team1_name, team2_name, change_room1_id, change_room2_id}.
-- One entry per occurrence: the parts of an event split at midnight are one, under the title
-- without its ' (Part N)'. A new booking records where and when; an edit, what it changed.
CREATE FUNCTION record_booking_activity(
  organisation uuid, actor_id text, actor_name text, is_edit boolean, zone text, facility uuid,
  booked jsonb, previous jsonb, next jsonb
) RETURNS void AS $$
BEGIN
  IF NOT is_edit THEN
    -- A new booking: where and when, for each occurrence.
    INSERT INTO "activity_entries" ("organisation_id", "actor_id", "actor_name", "action", "entity", "entity_id", "label",
      "facility_id", "time_zone", "changes")
    SELECT organisation, actor_id, actor_name, 'created', 'event', o.id::text, o.title, facility, zone,
      jsonb_build_object(
        'start', jsonb_build_object('before', null, 'after', to_char(o.start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        'end', jsonb_build_object('before', null, 'after', to_char(o.end_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        'space', jsonb_build_object('before', null, 'after',
          (SELECT r."name" FROM "rooms" r WHERE r."organisation_id" = organisation AND r."id" = (next->>'room_id')::uuid)),
        'client', jsonb_build_object('before', null, 'after',
          (SELECT c."name" FROM "clients" c WHERE c."organisation_id" = organisation AND c."id" = (next->>'client_id')::uuid)))
    FROM (
      SELECT (array_agg(b.id ORDER BY b.start_time))[1] AS id,
        regexp_replace((array_agg(b.title ORDER BY b.start_time))[1], ' [(]Part [0-9]+[)]$', '') AS title,
        min(b.start_time) AS start_time, max(b.end_time) AS end_time
      FROM jsonb_to_recordset(booked) AS b(id uuid, title text, start_time timestamptz, end_time timestamptz, event_group_id uuid)
      GROUP BY coalesce(b.event_group_id, b.id)
    ) AS o;
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
          (SELECT to_jsonb(r."name") FROM "rooms" r WHERE r."organisation_id" = organisation AND r."id" = (next->>'room_id')::uuid)),
        ('client', (SELECT to_jsonb(c."name") FROM "clients" c WHERE c."organisation_id" = organisation AND c."id" = p.client_id),
          (SELECT to_jsonb(c."name") FROM "clients" c WHERE c."organisation_id" = organisation AND c."id" = (next->>'client_id')::uuid)),
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
  FROM (
    SELECT (array_agg(b.id ORDER BY b.start_time))[1] AS id,
      regexp_replace((array_agg(b.title ORDER BY b.start_time))[1], ' [(]Part [0-9]+[)]$', '') AS title,
      min(b.start_time) AS start_time, max(b.end_time) AS end_time
    FROM jsonb_to_recordset(booked) AS b(id uuid, title text, start_time timestamptz, end_time timestamptz, event_group_id uuid)
    GROUP BY coalesce(b.event_group_id, b.id)
  ) AS o
  LEFT JOIN (
    SELECT regexp_replace((array_agg(r.title ORDER BY r.start_time))[1], ' [(]Part [0-9]+[)]$', '') AS title,
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
-- One plan for every call: planned afresh, the insert would cost more than it does.
$$ LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan;
