CREATE TABLE "stats_dirty" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- site days rolled before their hours were final (a back-fill, a restart, late reports) hold wrong
-- totals: drop them with their watermarks; the next rollup rebuilds every tier from the events
DELETE FROM "stats_site_daily";--> statement-breakpoint
DELETE FROM "stats_site_monthly";--> statement-breakpoint
DELETE FROM "job_runs" WHERE "name" IN ('site_days', 'site_today', 'stats_hours');
