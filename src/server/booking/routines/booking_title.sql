-- The title of a booking, as the trail and a closure's list of bookings name it: a split part's
-- ' (Part N)' left off, so both parts read as the one event they are. An SQL function PostgreSQL
-- plans inline where it is used (ADR 0036).
CREATE OR REPLACE FUNCTION booking_title(title text) RETURNS text AS $$
  SELECT regexp_replace(title, ' [(]Part [0-9]+[)]$', '')
$$ LANGUAGE sql IMMUTABLE;
