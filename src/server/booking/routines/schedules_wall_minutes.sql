-- A booking's minutes on its local date's wall clock, [start, end) from 0 to 1440, which the
-- Reports page's roll-up counts (schedules_roll_up, migration 0044). None when they would not be
-- real minutes: the clocks change between the start and the end of the changeover, or the row
-- runs past its midnight. `local_start` is start_time on the zone's wall clock, which the caller
-- has already converted. A single expression, so that the planner inlines it into its callers.
CREATE OR REPLACE FUNCTION schedules_wall_minutes(local_start timestamp, start_time timestamptz, end_time timestamptz,
  changeover integer, zone text) RETURNS int4range AS $$
  SELECT CASE
    WHEN date_part('hour', local_start)::integer * 60 + date_part('minute', local_start)::integer
        + (date_part('epoch', end_time - start_time) / 60)::integer <= 1440
      AND (end_time + changeover * interval '1 minute') AT TIME ZONE zone = local_start + (end_time + changeover * interval '1 minute' - start_time)
    THEN int4range(date_part('hour', local_start)::integer * 60 + date_part('minute', local_start)::integer,
      date_part('hour', local_start)::integer * 60 + date_part('minute', local_start)::integer
        + (date_part('epoch', end_time - start_time) / 60)::integer)
  END
$$ LANGUAGE sql STABLE;
