CREATE TABLE "area_caps" (
	"area_id" varchar(6) PRIMARY KEY NOT NULL,
	"bike_cap" integer DEFAULT 0 NOT NULL,
	"ebike_cap" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "stats_site_daily" (
	"day" date NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"site_id" varchar(32) NOT NULL,
	"brand_id" integer NOT NULL,
	"rent_num" integer DEFAULT 0 NOT NULL,
	"return_num" integer DEFAULT 0 NOT NULL,
	"up_num" integer DEFAULT 0 NOT NULL,
	"down_num" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_site_daily_day_area_id_site_id_brand_id_pk" PRIMARY KEY("day","area_id","site_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "stats_site_monthly" (
	"month" date NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"site_id" varchar(32) NOT NULL,
	"brand_id" integer NOT NULL,
	"rent_num" integer DEFAULT 0 NOT NULL,
	"return_num" integer DEFAULT 0 NOT NULL,
	"up_num" integer DEFAULT 0 NOT NULL,
	"down_num" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_site_monthly_area_id_month_site_id_brand_id_pk" PRIMARY KEY("area_id","month","site_id","brand_id")
);
--> statement-breakpoint
ALTER TABLE "brands" DROP CONSTRAINT "brands_brand_account_unique";--> statement-breakpoint
DROP INDEX "site_messages_area_idx";--> statement-breakpoint
ALTER TABLE "area_caps" ADD CONSTRAINT "area_caps_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_account_live_uq" ON "brands" USING btree ("brand_account") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "site_messages_area_idx" ON "site_messages" USING btree ("area_id","at","id");