-- A feed reset (its token replaced), its 'Include client names' changed or the feed deleted (with
-- what it follows) is announced on feed_changes as 'feed:<id>' (ADR 0059): every app instance
-- forgets the feed, so the old address answers 404 everywhere and the setting shows at once.
CREATE OR REPLACE FUNCTION announce_feed_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('feed_changes', 'feed:' || OLD."id"::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS calendar_feeds_announce ON "calendar_feeds";
CREATE TRIGGER calendar_feeds_announce AFTER UPDATE OR DELETE ON "calendar_feeds"
  FOR EACH ROW EXECUTE FUNCTION announce_feed_change();
