-- 运营统计 / big screen brand figures (issue 15): the live bikes counted per area and enterprise by the
-- minute snapshot job (jobs/snapshot.ts, shared/brandCounts.ts refreshBrandCounts), so the brand
-- calls (areaVerify, brandPercent, brandPercentNew, the limits totals, the big screen's brand figures)
-- sum a few rows of the areas in scope instead of counting a million bike_live rows per call. The
-- counts are as of the last snapshot (at most a minute old), as the site statuses are:
-- filed = filed bikes whose last report lies in the area, plus filed bikes that never reported,
-- counted in the enterprise's registering area; online / illegal = reported within STALE_HOURS of the
-- job's run; in sites = parked in a site of the area (the snapshot's own counts). An enterprise with a
-- row for an area is listed for it (it has bikes there, or is registered there) even with all counts 0.
-- Quotas are not kept here: they are edited on the desk and read live from brand_quotas.
CREATE TABLE "brand_live_counts" (
	"area_id" varchar(6) NOT NULL,
	"brand_id" integer NOT NULL,
	"filed_bike" integer DEFAULT 0 NOT NULL,
	"filed_ebike" integer DEFAULT 0 NOT NULL,
	"online_bike" integer DEFAULT 0 NOT NULL,
	"online_ebike" integer DEFAULT 0 NOT NULL,
	"site_bike" integer DEFAULT 0 NOT NULL,
	"site_ebike" integer DEFAULT 0 NOT NULL,
	"illegal_bike" integer DEFAULT 0 NOT NULL,
	"illegal_ebike" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "brand_live_counts_pk" PRIMARY KEY("area_id","brand_id")
);
