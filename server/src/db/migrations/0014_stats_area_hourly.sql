-- 运营统计 (issue 15): rents, returns, ups, downs and bikes ridden per hour, area, brand and bike type,
-- rolled up with stats_hourly by the same job and re-rolled by the same stats_dirty marks, so a day
-- or a month of the tidal curve, the rent/return view and the day-level trend read 24 × brands × 2
-- rows per area and day instead of every ride. Rents count in the rent's area, returns in the
-- return's (as the tidal curve counts them), ups and downs in the dispatch's; active_num = distinct
-- bikes rented in the hour, area, brand and type.
CREATE TABLE "stats_area_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"brand_id" integer NOT NULL,
	"bike_type" smallint NOT NULL,
	"rent_num" integer DEFAULT 0 NOT NULL,
	"return_num" integer DEFAULT 0 NOT NULL,
	"up_num" integer DEFAULT 0 NOT NULL,
	"down_num" integer DEFAULT 0 NOT NULL,
	"active_num" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_area_hourly_pk" PRIMARY KEY("area_id","hour","brand_id","bike_type")
);
--> statement-breakpoint
-- the hours already rolled (the stats_hours watermark) get their rows now, from the events, as the job
-- would have written them; hours after it are rolled by the job's next run
INSERT INTO "stats_area_hourly" (hour, area_id, brand_id, bike_type, rent_num, return_num, up_num, down_num, active_num)
SELECT hour, area_id, brand_id, bike_type, sum(rent)::int, sum(ret)::int, sum(up)::int, sum(down)::int, sum(active)::int
  FROM (
    SELECT date_trunc('hour', rent_at) AS hour, area_id, brand_id, bike_type, count(*) AS rent, 0 AS ret, 0 AS up, 0 AS down,
           count(DISTINCT bike_id) AS active
      FROM ride_orders
     WHERE rent_at < (SELECT to_timestamp(cursor / 1000.0) FROM job_runs WHERE name = 'stats_hours')
     GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT date_trunc('hour', return_at), return_area_id, brand_id, bike_type, 0, count(*), 0, 0, 0
      FROM ride_orders
     WHERE return_area_id IS NOT NULL AND return_at < (SELECT to_timestamp(cursor / 1000.0) FROM job_runs WHERE name = 'stats_hours')
     GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT date_trunc('hour', at), area_id, brand_id, bike_type, 0, 0, count(*) FILTER (WHERE action = 'up'),
           count(*) FILTER (WHERE action = 'down'), 0
      FROM dispatches
     WHERE at < (SELECT to_timestamp(cursor / 1000.0) FROM job_runs WHERE name = 'stats_hours')
     GROUP BY 1, 2, 3, 4
  ) e
 GROUP BY hour, area_id, brand_id, bike_type;
--> statement-breakpoint
-- 数据接入率 over time (issue 15): the filed bikes of each day per area, brand and type, recorded by the
-- statistics job while the day runs (null: a day before the job recorded any; the rate then falls back
-- to what bikes.filed_at / withdrawn_at tell, see jobs/rollup.ts recordFiled)
ALTER TABLE "stats_daily" ADD COLUMN "filed_num" integer;
--> statement-breakpoint
-- a site's usage curve (站点使用统计, 运营统计 站点): its hours of a day, month or year from one index
-- range, without the heap (the primary key leads with the hour: a month read every site's rows)
CREATE INDEX "stats_hourly_site_idx" ON "stats_hourly" ("site_id", "hour") INCLUDE ("rent_num", "return_num", "up_num", "down_num");
