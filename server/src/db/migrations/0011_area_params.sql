-- Site parameters per area (站点参数): what a new site of the area takes when created without them.
-- Null keeps the site table's own default (radius 20 m, thresholds 20 % / 80 %, response 30 minutes).
ALTER TABLE "areas" ADD COLUMN "site_length" integer;
--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "site_threshold_less" integer;
--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "site_threshold_more" integer;
--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "site_response_minute" integer;
