-- A facility that changes zone keeps its events where they are in time; their local dates and
-- their minutes on the wall clock (schedules_wall_minutes) follow.
CREATE OR REPLACE FUNCTION facilities_redate_events() RETURNS trigger AS $$
BEGIN
  UPDATE "schedules" s SET "local_date" = (s."start_time" AT TIME ZONE NEW."time_zone")::date,
      "local_start_minute" = lower(schedules_wall_minutes(s."start_time" AT TIME ZONE NEW."time_zone", s."start_time", s."end_time",
        s."changeover_minutes", NEW."time_zone")),
      "local_end_minute" = upper(schedules_wall_minutes(s."start_time" AT TIME ZONE NEW."time_zone", s."start_time", s."end_time",
        s."changeover_minutes", NEW."time_zone"))
    FROM "rooms" r
    WHERE r."organisation_id" = NEW."organisation_id" AND r."facility_id" = NEW."id"
      AND s."organisation_id" = r."organisation_id" AND s."room_id" = r."id";
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS facilities_redate_events ON "facilities";
CREATE TRIGGER facilities_redate_events AFTER UPDATE OF "time_zone" ON "facilities"
  FOR EACH ROW WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone") EXECUTE FUNCTION facilities_redate_events();
