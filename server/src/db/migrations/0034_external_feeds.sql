-- External GBFS feeds (issue 32 point 4): a neighbouring city's or a docked system's stations, imported in
-- 区域设置 from a discovery URL (refreshed by its ttl) or from a station_information + station_status pair
-- of files, drawn read-only on the big screen. The stations (checked, positions in GCJ-02) are kept whole
-- in one jsonb per feed: the last good data stays while a refresh fails (last_error, last_error_at).
CREATE TABLE "external_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"name" varchar(64) NOT NULL,
	"source" varchar(8) NOT NULL,
	"url" text,
	"version" varchar(16) NOT NULL,
	"ttl" integer DEFAULT 0 NOT NULL,
	"station_count" integer DEFAULT 0 NOT NULL,
	"stations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data_updated_at" timestamp with time zone,
	"fetched_at" timestamp with time zone NOT NULL,
	"next_fetch_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_feeds_source_check" CHECK ("source" in ('url', 'file'))
);
--> statement-breakpoint
ALTER TABLE "external_feeds" ADD CONSTRAINT "external_feeds_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "external_feeds_area_idx" ON "external_feeds" USING btree ("area_id");
--> statement-breakpoint
CREATE INDEX "external_feeds_due_idx" ON "external_feeds" USING btree ("next_fetch_at") WHERE "source" = 'url';
