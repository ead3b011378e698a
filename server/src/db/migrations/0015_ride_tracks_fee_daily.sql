-- Ride tracks (issue 14, 骑行订单轨迹): the positions a rented bike reports during a ride, kept by bike
-- and time; an order's track is its bike's points between rent and return. bike_live.ride_points
-- counts the points of the ride in progress, so a ride keeps at most a bounded number of them.
CREATE TABLE "ride_points" (
	"bike_id" varchar(32) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	CONSTRAINT "ride_points_bike_id_at_pk" PRIMARY KEY("bike_id","at")
);
--> statement-breakpoint
ALTER TABLE "bike_live" ADD COLUMN "ride_points" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- 站外还车扣费 per local day, return district and enterprise (issue 14): rebuilt by the statistics job
-- for each day it rolls (late and corrected returns mark their hours in stats_dirty); the fee list
-- reads it for the days up to the 'fee_days' watermark that have no such mark, the raw orders for the rest.
CREATE TABLE "fee_daily" (
	"day" date NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"brand_id" integer NOT NULL,
	"out_site_num" integer DEFAULT 0 NOT NULL,
	"fee_num" integer DEFAULT 0 NOT NULL,
	"fee_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "fee_daily_day_area_id_brand_id_pk" PRIMARY KEY("day","area_id","brand_id")
);
--> statement-breakpoint
-- the job rolls a day of out-of-site returns of every district: by return time alone, carrying what it sums
CREATE INDEX "ride_orders_out_site_idx" ON "ride_orders" ("return_at") INCLUDE ("return_area_id", "brand_id", "fee") WHERE "out_site_return";
--> statement-breakpoint
-- the ride order list by an enterprise and a day, filtered by returned in or out of site and by
-- duration, still counts from this index alone: it carries the return time and place too
DROP INDEX IF EXISTS "ride_orders_brand_rent_idx";
--> statement-breakpoint
CREATE INDEX "ride_orders_brand_rent_idx" ON "ride_orders" ("brand_id", "rent_at") INCLUDE ("area_id", "return_at", "out_site_return");
