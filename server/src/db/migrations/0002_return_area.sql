DROP INDEX "ride_orders_return_idx";--> statement-breakpoint
ALTER TABLE "stats_hourly" DROP CONSTRAINT "stats_hourly_hour_site_id_brand_id_bike_type_pk";--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD CONSTRAINT "stats_hourly_hour_area_id_site_id_brand_id_bike_type_pk" PRIMARY KEY("hour","area_id","site_id","brand_id","bike_type");--> statement-breakpoint
ALTER TABLE "ride_orders" ADD COLUMN "return_area_id" varchar(6);--> statement-breakpoint
CREATE INDEX "ride_orders_return_idx" ON "ride_orders" USING btree ("return_area_id","return_at");