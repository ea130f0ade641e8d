-- A request deleted with its client lets go of its hold (docs/product.md#renters, ADR 0055): a hold
-- is only ever a pending request's, and the client's deletion cascades to its requests while it
-- only clears the client of its events (ADR 0006), which would leave the hold holding the ice for
-- nobody. A space's or a facility's deletion takes the hold itself, and this finds nothing left.
CREATE OR REPLACE FUNCTION booking_requests_drop_hold() RETURNS trigger AS $$
BEGIN
  DELETE FROM "schedules" s
  WHERE s."organisation_id" = OLD."organisation_id" AND s."id" = OLD."hold_id" AND s."kind" = 'hold';
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS booking_requests_drop_hold ON "booking_requests";
CREATE TRIGGER booking_requests_drop_hold AFTER DELETE ON "booking_requests"
  FOR EACH ROW WHEN (OLD."hold_id" IS NOT NULL) EXECUTE FUNCTION booking_requests_drop_hold();
