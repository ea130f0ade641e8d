-- Home and away never share a change room in one game (docs/product.md#events): the form and the
-- API say so first ('Home and away need different change rooms'), and this check holds it for
-- every writer, a series edit that changes one team's room included. A CHECK on the row is the
-- cheapest guard a booking can carry: no lookup, no trigger.
--
-- NOT VALID: a game saved that way before this migration is not rewritten behind its operator's
-- back (either team's room could be the wrong one); the check holds from its next edit on.
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_change_rooms_differ"
  CHECK ("change_room1_id" IS NULL OR "change_room2_id" IS NULL OR "change_room1_id" <> "change_room2_id") NOT VALID;
