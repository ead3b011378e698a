-- The ride order list (issue 14) filtered by an enterprise and a period: its rows and its count from
-- one index (the area check reads area_id from it); by a bike (prefix, whatever the collation) over a
-- period. The second replaces the plain bike_id index: it answers equality on bike_id too.
CREATE INDEX "ride_orders_brand_rent_idx" ON "ride_orders" ("brand_id", "rent_at") INCLUDE ("area_id");
--> statement-breakpoint
CREATE INDEX "ride_orders_bike_rent_idx" ON "ride_orders" ("bike_id" varchar_pattern_ops, "rent_at");
--> statement-breakpoint
DROP INDEX IF EXISTS "ride_orders_bike_idx";
