-- A space's tree (linked spaces, ADR 0024) stays inside its facility, holds no change room and no
-- loop, and is at most four levels deep (LIMITS.room.maxTreeDepth). Tree changes of one facility
-- take its row in turn, so two of them cannot each miss the other's loop; the service explains
-- each refusal before it gets here.
CREATE OR REPLACE FUNCTION rooms_tree() RETURNS trigger AS $$
DECLARE
  whole record;
  above integer;
  below integer;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."parent_id" IS NOT DISTINCT FROM OLD."parent_id" AND NEW."type" = OLD."type"
    AND NEW."facility_id" = OLD."facility_id" THEN
    RETURN NEW;
  END IF;
  PERFORM 1 FROM "facilities" WHERE "organisation_id" = NEW."organisation_id" AND "id" = NEW."facility_id" FOR NO KEY UPDATE;
  IF NEW."type" = 'change_room' AND (NEW."parent_id" IS NOT NULL OR (TG_OP = 'UPDATE' AND EXISTS (
    SELECT FROM "rooms" WHERE "organisation_id" = NEW."organisation_id" AND "parent_id" = NEW."id"))) THEN
    RAISE EXCEPTION 'a change room is never part of a linked space' USING ERRCODE = 'check_violation', CONSTRAINT = 'rooms_tree';
  END IF;
  IF NEW."parent_id" IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT "facility_id", "type" INTO whole FROM "rooms" WHERE "organisation_id" = NEW."organisation_id" AND "id" = NEW."parent_id";
  -- A missing whole is left to rooms_parent_fk.
  IF NOT FOUND THEN
    RETURN NEW;
  END IF;
  IF whole."facility_id" <> NEW."facility_id" OR whole."type" = 'change_room' THEN
    RAISE EXCEPTION 'a space is part of a space of its own facility that is not a change room'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'rooms_tree';
  END IF;
  -- The new whole and the wholes above it; meeting this space among them would close a loop.
  WITH RECURSIVE wholes AS (
    SELECT r."id", r."parent_id", 1 AS depth FROM "rooms" r WHERE r."organisation_id" = NEW."organisation_id" AND r."id" = NEW."parent_id"
    UNION ALL
    SELECT r."id", r."parent_id", w.depth + 1 FROM "rooms" r JOIN wholes w ON r."organisation_id" = NEW."organisation_id" AND r."id" = w."parent_id"
    WHERE w."id" <> NEW."id" AND w.depth <= 8
  )
  SELECT CASE WHEN bool_or("id" = NEW."id") THEN NULL ELSE count(*) END INTO above FROM wholes;
  IF above IS NULL THEN
    RAISE EXCEPTION 'a space cannot be part of itself or of its own parts' USING ERRCODE = 'check_violation', CONSTRAINT = 'rooms_tree';
  END IF;
  -- The levels of parts below this space, itself included.
  WITH RECURSIVE parts AS (
    SELECT NEW."id" AS "id", 1 AS depth
    UNION ALL
    SELECT r."id", p.depth + 1 FROM "rooms" r JOIN parts p ON r."organisation_id" = NEW."organisation_id" AND r."parent_id" = p."id"
    WHERE p.depth <= 8
  )
  SELECT max(depth) INTO below FROM parts;
  IF above + below > 4 THEN
    RAISE EXCEPTION 'linked spaces go at most 4 levels deep' USING ERRCODE = 'check_violation', CONSTRAINT = 'rooms_tree';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS rooms_tree ON "rooms";
CREATE TRIGGER rooms_tree BEFORE INSERT OR UPDATE OF "parent_id", "type", "facility_id" ON "rooms"
  FOR EACH ROW EXECUTE FUNCTION rooms_tree();
