-- The rider of a ride order, as the operator reports it with the return (issue 14, 站外还车扣费):
-- a digest to count per rider and the masked phone to show; the phone itself is not kept.
ALTER TABLE "ride_orders" ADD COLUMN "rider_key" varchar(64);
--> statement-breakpoint
ALTER TABLE "ride_orders" ADD COLUMN "rider_phone" varchar(16);
--> statement-breakpoint
-- the fee list sums out-of-site returns per brand and day: an index of those returns only, carrying what it sums
CREATE INDEX "ride_orders_fee_idx" ON "ride_orders" ("return_area_id", "return_at") INCLUDE ("brand_id", "fee") WHERE "out_site_return";
