-- The occurrences of a booking's rows, for its trail: the parts of an event split at midnight are
-- one, under the first part's id and its title without ' (Part N)', from the first part's start to
-- the last part's end. A single SELECT in SQL, so PostgreSQL plans it inline where it is used.
CREATE OR REPLACE FUNCTION booking_occurrences(booked jsonb)
RETURNS TABLE (id uuid, title text, start_time timestamptz, end_time timestamptz) AS $$
  SELECT (array_agg(b.id ORDER BY b.start_time))[1],
    booking_title((array_agg(b.title ORDER BY b.start_time))[1]),
    min(b.start_time), max(b.end_time)
  FROM jsonb_to_recordset(booked) AS b(id uuid, title text, start_time timestamptz, end_time timestamptz, event_group_id uuid)
  GROUP BY coalesce(b.event_group_id, b.id)
$$ LANGUAGE sql STABLE;
