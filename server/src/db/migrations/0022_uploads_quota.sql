-- Uploads per user and unattached uploads (issue 26): the quota and rate of POST /api/upload count a
-- user's uploads of the last day, and the hourly job deletes files left unattached for a day.
CREATE INDEX "uploads_uploader_idx" ON "uploads" USING btree ("uploader_id", "created_at");
--> statement-breakpoint
CREATE INDEX "uploads_unattached_idx" ON "uploads" USING btree ("created_at") WHERE "owner_id" IS NULL;
