-- A series edit is one entry of the activity trail (ADR 0046), not one per occurrence: what the
-- edited occurrence changed, how many events the edit wrote, and each occurrence's own before and
-- after (its start and end, and every other field that changed on it), matched by the id its first
-- part keeps. Called by the booking statement in place of record_booking_activity when the write
-- is a series edit, with the old rows and the new ones as JSON.
CREATE OR REPLACE FUNCTION record_series_activity(
  organisation uuid, actor_id text, actor_name text, zone text, facility uuid, edited uuid, booked jsonb, previous jsonb
) RETURNS void AS $$
  WITH occurrence AS (
    SELECT a.id, a.title, a.start_time, (a.id = edited) AS is_edited,
      jsonb_build_object('start', to_jsonb(to_char(p.start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        'end', to_jsonb(to_char(p.end_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) AS before_times,
      jsonb_build_object('start', to_jsonb(to_char(a.start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        'end', to_jsonb(to_char(a.end_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) AS after_times,
      (SELECT coalesce(jsonb_object_agg(f.field, jsonb_build_object('before', f.before, 'after', f.after)), '{}'::jsonb)
        FROM (VALUES
          ('title', to_jsonb(p.title), to_jsonb(a.title)),
          ('start', to_jsonb(to_char(p.start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
            to_jsonb(to_char(a.start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
          ('end', to_jsonb(to_char(p.end_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
            to_jsonb(to_char(a.end_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
          ('space', (SELECT to_jsonb(r."name") FROM "rooms" r WHERE r."organisation_id" = organisation AND r."id" = pd.room_id),
            (SELECT to_jsonb(r."name") FROM "rooms" r WHERE r."organisation_id" = organisation AND r."id" = ad.room_id)),
          ('client', (SELECT to_jsonb(c."name") FROM "clients" c WHERE c."organisation_id" = organisation AND c."id" = pd.client_id),
            (SELECT to_jsonb(c."name") FROM "clients" c WHERE c."organisation_id" = organisation AND c."id" = ad.client_id)),
          ('description', to_jsonb(pd.description), to_jsonb(ad.description)),
          ('color', to_jsonb(pd.color), to_jsonb(ad.color)),
          ('eventType', to_jsonb(pd.event_type), to_jsonb(ad.event_type)),
          ('team1Name', to_jsonb(pd.team1_name), to_jsonb(ad.team1_name)),
          ('team2Name', to_jsonb(pd.team2_name), to_jsonb(ad.team2_name)),
          ('changeRoom1', (SELECT to_jsonb(r."name") FROM "rooms" r WHERE r."organisation_id" = organisation AND r."id" = pd.change_room1_id),
            (SELECT to_jsonb(r."name") FROM "rooms" r WHERE r."organisation_id" = organisation AND r."id" = ad.change_room1_id)),
          ('changeRoom2', (SELECT to_jsonb(r."name") FROM "rooms" r WHERE r."organisation_id" = organisation AND r."id" = pd.change_room2_id),
            (SELECT to_jsonb(r."name") FROM "rooms" r WHERE r."organisation_id" = organisation AND r."id" = ad.change_room2_id))
        ) AS f(field, before, after)
        -- JSON null and a missing value are one, as in record_booking_activity.
        WHERE coalesce(f.before, 'null'::jsonb) IS DISTINCT FROM coalesce(f.after, 'null'::jsonb)) AS changed
    FROM booking_occurrences(booked) AS a
    JOIN jsonb_to_recordset(booked) AS ad(id uuid, room_id uuid, client_id uuid, description text, color text, event_type text,
      team1_name text, team2_name text, change_room1_id uuid, change_room2_id uuid) ON ad.id = a.id
    JOIN booking_occurrences(previous) AS p ON p.id = a.id
    JOIN jsonb_to_recordset(previous) AS pd(id uuid, room_id uuid, client_id uuid, description text, color text, event_type text,
      team1_name text, team2_name text, change_room1_id uuid, change_room2_id uuid) ON pd.id = p.id
  ), summary AS (
    -- The entry reads as the edited occurrence changed; when its own date was skipped, as the first one.
    SELECT * FROM occurrence ORDER BY is_edited DESC, start_time LIMIT 1
  )
  INSERT INTO "activity_entries" ("organisation_id", "actor_id", "actor_name", "action", "entity", "entity_id", "label",
    "facility_id", "time_zone", "changes")
  SELECT organisation, actor_id, actor_name, 'updated', 'event', edited::text, s.title, facility, zone,
    s.changed || jsonb_build_object(
      'seriesEvents', jsonb_build_object('before', null, 'after', (SELECT count(*) FROM occurrence)),
      'occurrences', jsonb_build_object(
        'before', (SELECT jsonb_agg(o.before_times || coalesce((SELECT jsonb_object_agg(c.key, c.value->'before')
          FROM jsonb_each(o.changed) AS c), '{}'::jsonb) ORDER BY o.start_time) FROM occurrence AS o),
        'after', (SELECT jsonb_agg(o.after_times || coalesce((SELECT jsonb_object_agg(c.key, c.value->'after')
          FROM jsonb_each(o.changed) AS c), '{}'::jsonb) ORDER BY o.start_time) FROM occurrence AS o)))
  FROM summary AS s
$$ LANGUAGE sql;
