-- What a row of schedules is (ADR 0055): a booking, or, once renters can ask for ice, a hold (a
-- pending request) or a claim (released ice being taken from the waitlist). Every kind occupies
-- its spaces through the same triggers and under the same exclusion constraints, so a hold and a
-- booking can never overlap any more than two bookings can. Every row until now is a booking.
-- An enum rather than text with a check: a booking pays about 0.2 % more instructions for it
-- against about 2 % for the check (docs/benchmarks.md).
CREATE TYPE "public"."occupancy_kind" AS ENUM('booking', 'hold', 'claim');--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "kind" "occupancy_kind" DEFAULT 'booking' NOT NULL;
