-- The Reports page's roll-up (docs/product.md#reports, ADR 0070). A year's report of a busy
-- facility read tens of thousands of bookings one by one; most of them repeat a season's shape
-- (the same space, weekday and times week after week), so the bookings are kept counted by shape
-- per local month, and a report reads whole months from the counts and only its ragged ends
-- from the bookings.
--
-- Each booking carries its wall-clock minutes on its local date, set with local_date by the
-- trigger schedules_placed: local_start_minute from 0, local_end_minute up to 1440 (the end of
-- a part of an event split at midnight). Both are null when the clocks change between the
-- booking's start and the end of its changeover: such a booking's wall minutes are not its
-- minutes, and the report measures it on its day's real hours instead.
ALTER TABLE "schedules" ADD COLUMN "local_start_minute" smallint;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "local_end_minute" smallint;--> statement-breakpoint

-- The bookings of each space counted per local month, weekday (0 is Monday), shape (times on the
-- wall clock and the changeover that follows) and client (none is a key of its own). A season's
-- contract ice is one row a month for each of its weekly slots. Kept by the trigger
-- schedules_roll_up in the booking's own transaction; a count that falls to 0 is deleted. It has
-- no foreign keys of its own: it is exactly the count of bookings that exist, and each of those
-- holds its space and client by its own keys, so a deleted space's or client's counts fall to 0
-- with the bookings it takes along or lets go.
CREATE TABLE "booking_month_shapes" (
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"room_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	"changeover_minutes" integer NOT NULL,
	"client_id" uuid,
	"bookings" integer NOT NULL,
	CONSTRAINT "booking_month_shapes_key" UNIQUE NULLS NOT DISTINCT ("organisation_id","month","room_id","weekday","start_minute","end_minute","changeover_minutes","client_id")
);--> statement-breakpoint

-- The wall minutes of the bookings already made, without the triggers of an edit (an edit's
-- version and announcements): this only fills in what the rows already say.
ALTER TABLE "schedules" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "schedules" s SET "local_start_minute" = w."start_minute", "local_end_minute" = w."start_minute" + w."minutes"
  FROM (SELECT x."id", m."start_minute", m."minutes"
    FROM "schedules" x
    JOIN "rooms" r ON r."organisation_id" = x."organisation_id" AND r."id" = x."room_id"
    JOIN "facilities" f ON f."organisation_id" = r."organisation_id" AND f."id" = r."facility_id"
    CROSS JOIN LATERAL (SELECT x."start_time" AT TIME ZONE f."time_zone" AS "local_start",
      (x."end_time" + x."changeover_minutes" * interval '1 minute') AT TIME ZONE f."time_zone" AS "local_after") l
    CROSS JOIN LATERAL (SELECT date_part('hour', l."local_start")::integer * 60 + date_part('minute', l."local_start")::integer AS "start_minute",
      (date_part('epoch', x."end_time" - x."start_time") / 60)::integer AS "minutes") m
    WHERE m."start_minute" + m."minutes" <= 1440
      AND l."local_after" = l."local_start" + (x."end_time" + x."changeover_minutes" * interval '1 minute' - x."start_time")) w
  WHERE s."id" = w."id";--> statement-breakpoint
ALTER TABLE "schedules" ENABLE TRIGGER USER;--> statement-breakpoint

INSERT INTO "booking_month_shapes" ("organisation_id", "month", "room_id", "weekday", "start_minute", "end_minute", "changeover_minutes", "client_id", "bookings")
  SELECT "organisation_id", date_trunc('month', "local_date"::timestamp)::date, "room_id", (("local_date" - date '2000-01-03') % 7)::smallint,
      "local_start_minute", "local_end_minute", "changeover_minutes", "client_id", count(*)::integer
    FROM "schedules" WHERE "kind" = 'booking' AND "local_start_minute" IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;--> statement-breakpoint

-- A report's ragged ends are at most two part-months, read along schedules_local_date_idx: the
-- index that held a period's bookings for the report is no longer worth its cost to each booking.
-- The bookings without wall minutes, a few a year, are found by a small index of their own.
DROP INDEX "schedules_report_idx";--> statement-breakpoint
CREATE INDEX "schedules_report_clock_change_idx" ON "schedules" USING btree ("organisation_id","local_date") WHERE "kind" = 'booking' AND "local_start_minute" IS NULL;
