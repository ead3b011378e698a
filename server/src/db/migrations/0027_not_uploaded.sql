-- Bikes the piles hear but their operator does not report (issue 29 point 4; MANAGEMENT.md "Field
-- work"). The enterprise rules that turn what a pile hears into a bike id are the existing mac_rules
-- (the seeded BLE-name rules, read by the ingest): kind 1 a BLE-name rule, 2 a MAC rule (the MAC
-- upper-case without separators, 12 hex digits, is the "name" the rule reads; domain/bikeIdRules.ts).
ALTER TABLE "mac_rules" ADD COLUMN "kind" smallint DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "mac_rules" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "mac_rules" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE INDEX "mac_rules_brand_idx" ON "mac_rules" USING btree ("brand_id", "kind");
--> statement-breakpoint
-- Which pile heard it (the site's pile whose scan carried the sighting; null before this migration).
ALTER TABLE "pile_sightings" ADD COLUMN "equipment_mac" varchar(32);
--> statement-breakpoint
-- The matched bikes no operator reported (no report of the bike from 24 h before it was heard):
-- one row per rule kind, enterprise, bike and site; count: the match runs that found it heard anew.
CREATE TABLE "not_uploaded_bikes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" smallint NOT NULL,
	"brand_id" integer NOT NULL,
	"bike_id" varchar(32) NOT NULL,
	"mac" varchar(32) NOT NULL,
	"name" varchar(64),
	"equipment_mac" varchar(32),
	"site_id" varchar(32) NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"first_heard_at" timestamp with time zone NOT NULL,
	"last_heard_at" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "not_uploaded_bikes_key" UNIQUE ("kind", "brand_id", "bike_id", "site_id")
);
--> statement-breakpoint
CREATE INDEX "not_uploaded_bikes_area_idx" ON "not_uploaded_bikes" USING btree ("area_id", "kind", "last_heard_at");
