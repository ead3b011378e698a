-- Retention (issue 31; jobs/retention): the daily job deletes the raw data past its keeping time in
-- bounded statements, finding the old rows by their time. The append-only tables get a BRIN index on
-- it (written in time order: a few pages for a whole table, next to nothing for ingest to keep up),
-- as ride_points has since 0020; closed alerts a partial index on the time they closed.
CREATE INDEX IF NOT EXISTS "pile_power_at_brin" ON "pile_power" USING brin ("at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "site_history_at_brin" ON "site_history" USING brin ("at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "site_messages_at_brin" ON "site_messages" USING brin ("at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sync_logs_at_brin" ON "sync_logs" USING brin ("at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "abnormal_closed_idx" ON "abnormal_messages" USING btree ("closed_at") WHERE "closed_at" IS NOT NULL;
--> statement-breakpoint
-- The open-API calls per UTC hour, kind and enterprise (0: a pile gateway's), rolled up by the
-- retention job before it deletes the logs of those hours: 租还请求日志统计 reads it before the
-- watermark job_runs 'sync_log_hours' and the logs after it.
CREATE TABLE IF NOT EXISTS "sync_log_hours" (
	"hour" timestamp with time zone NOT NULL,
	"kind" varchar(16) NOT NULL,
	"brand_id" integer NOT NULL,
	"calls" integer NOT NULL,
	"failed" integer NOT NULL,
	"partial" integer NOT NULL,
	"items" integer NOT NULL,
	"rejected" integer NOT NULL,
	CONSTRAINT "sync_log_hours_pk" PRIMARY KEY ("hour", "kind", "brand_id")
);
--> statement-breakpoint
-- A sharding path (README "Sharding"): a table distributed by area needs the area in every unique
-- key. The ids of these three append-only tables come from their sequences and nothing looks them
-- up as a key of their own, so their primary keys become (id, area_id): lookups by id still use it.
ALTER TABLE "site_history" DROP CONSTRAINT "site_history_pkey", ADD CONSTRAINT "site_history_pkey" PRIMARY KEY ("id", "area_id");
--> statement-breakpoint
ALTER TABLE "site_messages" DROP CONSTRAINT "site_messages_pkey", ADD CONSTRAINT "site_messages_pkey" PRIMARY KEY ("id", "area_id");
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_pkey", ADD CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id", "area_id");
