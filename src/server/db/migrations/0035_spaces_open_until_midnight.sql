-- A space can stay open until midnight: a closing time of 00:00 (12:00 AM) is the midnight that
-- ends the day, so it is after every opening time (parseClosingTime in
-- src/shared/scheduling/time-of-day.ts reads it the same way).
ALTER TABLE "rooms" DROP CONSTRAINT "rooms_operating_hours_ordered";
--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_operating_hours_ordered" CHECK ("rooms"."operating_end_time" > "rooms"."operating_start_time" or "rooms"."operating_end_time" = '00:00');
