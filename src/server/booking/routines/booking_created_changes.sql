-- What a new booking's entry says of each occurrence: where and when, nothing before.
CREATE OR REPLACE FUNCTION booking_created_changes(start_time timestamptz, end_time timestamptz, space text, client text)
RETURNS jsonb AS $$
  SELECT jsonb_build_object(
    'start', jsonb_build_object('before', null, 'after', to_char(start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    'end', jsonb_build_object('before', null, 'after', to_char(end_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    'space', jsonb_build_object('before', null, 'after', space),
    'client', jsonb_build_object('before', null, 'after', client))
$$ LANGUAGE sql STABLE;
