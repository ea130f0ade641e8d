DROP INDEX "schedules_client_id_idx";--> statement-breakpoint
CREATE INDEX "schedules_client_id_start_time_idx" ON "schedules" USING btree ("organisation_id","client_id","start_time");