-- 站点排名 over every brand (issue 15): the per-site totals keep a row per site for every brand
-- together (brand_id 0, ALL_BRANDS in db/schema/statistics.ts) beside the per-brand rows, and a year
-- table beside the month's, so a ranking reads one row per site in the area instead of one per site
-- and brand (a month over 20,000 sites of three brands summed some 190,000 rows). Rolled by
-- jobs/rollup.ts; the rows already rolled are filled in here.
CREATE TABLE "stats_site_yearly" (
	"year" date NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"site_id" varchar(32) NOT NULL,
	"brand_id" integer NOT NULL,
	"rent_num" integer DEFAULT 0 NOT NULL,
	"return_num" integer DEFAULT 0 NOT NULL,
	"up_num" integer DEFAULT 0 NOT NULL,
	"down_num" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_site_yearly_pk" PRIMARY KEY("year","brand_id","area_id","site_id")
);
--> statement-breakpoint
INSERT INTO "stats_site_daily" ("day", "area_id", "site_id", "brand_id", "rent_num", "return_num", "up_num", "down_num")
SELECT "day", "area_id", "site_id", 0, sum("rent_num"), sum("return_num"), sum("up_num"), sum("down_num")
  FROM "stats_site_daily" WHERE "brand_id" <> 0 GROUP BY "day", "area_id", "site_id";
--> statement-breakpoint
INSERT INTO "stats_site_monthly" ("month", "area_id", "site_id", "brand_id", "rent_num", "return_num", "up_num", "down_num")
SELECT "month", "area_id", "site_id", 0, sum("rent_num"), sum("return_num"), sum("up_num"), sum("down_num")
  FROM "stats_site_monthly" WHERE "brand_id" <> 0 GROUP BY "month", "area_id", "site_id";
--> statement-breakpoint
INSERT INTO "stats_site_yearly" ("year", "area_id", "site_id", "brand_id", "rent_num", "return_num", "up_num", "down_num")
SELECT date_trunc('year', "month")::date, "area_id", "site_id", "brand_id", sum("rent_num"), sum("return_num"), sum("up_num"), sum("down_num")
  FROM "stats_site_monthly" GROUP BY 1, "area_id", "site_id", "brand_id";
--> statement-breakpoint
-- the all-brand rows of an area's day or month, without reading the per-brand rows beside them
CREATE INDEX "stats_site_daily_all_brands" ON "stats_site_daily" ("day", "area_id") WHERE "brand_id" = 0;
--> statement-breakpoint
CREATE INDEX "stats_site_monthly_all_brands" ON "stats_site_monthly" ("month", "area_id") WHERE "brand_id" = 0;
