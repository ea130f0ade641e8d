-- What a row of schedules is (ADR 0055): a booking, or, once renters can ask for ice, a hold (a
-- pending request) or a claim (released ice being taken from the waitlist). Every kind occupies
-- its spaces through the same triggers and under the same exclusion constraints, so a hold and a
-- booking can never overlap any more than two bookings can. Every row until now is a booking.
ALTER TABLE "schedules" ADD COLUMN "kind" varchar(10) DEFAULT 'booking' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_kind_valid" CHECK ("schedules"."kind" in ('booking', 'hold', 'claim'));
