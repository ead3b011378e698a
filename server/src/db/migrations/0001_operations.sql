CREATE TABLE "abnormal_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"abnormal_type" smallint NOT NULL,
	"brand_id" integer,
	"bike_id" varchar(32),
	"site_id" varchar(32),
	"area_id" varchar(6) NOT NULL,
	"lon" double precision,
	"lat" double precision,
	"detail" text,
	"subject" varchar(80) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"handled_by" integer
);
--> statement-breakpoint
CREATE TABLE "api_sessions" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"gateway_id" integer,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bike_days" (
	"day" date NOT NULL,
	"bike_id" varchar(32) NOT NULL,
	"brand_id" integer NOT NULL,
	"bike_type" smallint NOT NULL,
	"area_id" varchar(6) NOT NULL,
	CONSTRAINT "bike_days_day_bike_id_pk" PRIMARY KEY("day","bike_id")
);
--> statement-breakpoint
CREATE TABLE "bike_live" (
	"bike_id" varchar(32) PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"bike_type" smallint NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"status" smallint NOT NULL,
	"site_id" varchar(32),
	"in_area" boolean DEFAULT true NOT NULL,
	"in_forbid" boolean DEFAULT false NOT NULL,
	"legality" smallint DEFAULT 0 NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"out_site_since" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bikes" (
	"bike_id" varchar(32) PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"bike_type" smallint NOT NULL,
	"frame_code" varchar(64),
	"imei_code" varchar(32),
	"license_code" varchar(32),
	"bike_mac" varchar(32),
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "brand_quotas" (
	"brand_id" integer NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"bike_quota" integer DEFAULT 0 NOT NULL,
	"ebike_quota" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_quotas_brand_id_area_id_pk" PRIMARY KEY("brand_id","area_id")
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_name" varchar(64) NOT NULL,
	"brand_operation" varchar(128) DEFAULT '' NOT NULL,
	"brand_account" varchar(64) NOT NULL,
	"brand_password_hash" text NOT NULL,
	"brand_contact_person" varchar(64),
	"brand_contact_mobile" varchar(20),
	"brand_address" varchar(256),
	"brand_operation_num" integer DEFAULT 0 NOT NULL,
	"bike_color" varchar(16) DEFAULT '#f5c518' NOT NULL,
	"ebike_color" varchar(16) DEFAULT '#1890ff' NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"launch_area" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"operation_area_id" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"brand_approval_url" text,
	"brand_approval_name" varchar(128),
	"other_url" text,
	"other_name" varchar(128),
	"maintain_person_url" text,
	"bicycle_url" text,
	"electric_vehicle_url" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_brand_account_unique" UNIQUE("brand_account")
);
--> statement-breakpoint
CREATE TABLE "dispatches" (
	"brand_id" integer NOT NULL,
	"dispatch_id" varchar(64) NOT NULL,
	"bike_id" varchar(32) NOT NULL,
	"bike_type" smallint NOT NULL,
	"action" varchar(4) NOT NULL,
	"site_id" varchar(32) NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"allowed" boolean DEFAULT true NOT NULL,
	CONSTRAINT "dispatches_brand_id_dispatch_id_pk" PRIMARY KEY("brand_id","dispatch_id")
);
--> statement-breakpoint
CREATE TABLE "gateways" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" varchar(64) NOT NULL,
	"password_hash" text NOT NULL,
	"name" varchar(64) NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateways_account_unique" UNIQUE("account")
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_ok_at" timestamp with time zone,
	"cursor" bigint,
	"last_error" text,
	"duration_ms" integer
);
--> statement-breakpoint
CREATE TABLE "mac_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"name_prefix" varchar(32) DEFAULT '' NOT NULL,
	"name_length" integer,
	"bike_id_prefix" varchar(32) DEFAULT '' NOT NULL,
	"bike_id_length" integer,
	"bike_id_extract_start" integer DEFAULT 0 NOT NULL,
	"bike_id_extract_length" integer
);
--> statement-breakpoint
CREATE TABLE "magnify_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"alias" varchar(64) NOT NULL,
	"site_list" jsonb NOT NULL,
	"factor" double precision DEFAULT 1 NOT NULL,
	"open_switch" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pile_power" (
	"equipment_mac" varchar(32) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"power" smallint NOT NULL,
	CONSTRAINT "pile_power_equipment_mac_at_pk" PRIMARY KEY("equipment_mac","at")
);
--> statement-breakpoint
CREATE TABLE "pile_sightings" (
	"site_id" varchar(32) NOT NULL,
	"mac" varchar(32) NOT NULL,
	"name" varchar(64),
	"bike_id" varchar(32),
	"brand_id" integer,
	"area_id" varchar(6) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "pile_sightings_site_id_mac_pk" PRIMARY KEY("site_id","mac")
);
--> statement-breakpoint
CREATE TABLE "piles" (
	"equipment_mac" varchar(32) PRIMARY KEY NOT NULL,
	"site_id" varchar(32) NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"gateway_id" integer,
	"power" smallint,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ride_orders" (
	"brand_id" integer NOT NULL,
	"order_id" varchar(64) NOT NULL,
	"bike_id" varchar(32) NOT NULL,
	"bike_type" smallint NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"rent_at" timestamp with time zone,
	"rent_lon" double precision,
	"rent_lat" double precision,
	"rent_site_id" varchar(32),
	"return_at" timestamp with time zone,
	"return_lon" double precision,
	"return_lat" double precision,
	"return_site_id" varchar(32),
	"fee" integer,
	"out_site_return" boolean DEFAULT false NOT NULL,
	"full_return" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ride_orders_brand_id_order_id_pk" PRIMARY KEY("brand_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "site_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" varchar(32) NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"num" integer NOT NULL,
	"bike_num" integer NOT NULL,
	"ebike_num" integer NOT NULL,
	"capacity" integer NOT NULL,
	"flag" smallint NOT NULL,
	"current_bike" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" varchar(32) NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"message_type" varchar(8) NOT NULL,
	"num" integer NOT NULL,
	"bike_num" integer NOT NULL,
	"ebike_num" integer NOT NULL,
	"capacity" integer NOT NULL,
	"current_bike" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_state" (
	"site_id" varchar(32) PRIMARY KEY NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"num" integer NOT NULL,
	"bike_num" integer NOT NULL,
	"ebike_num" integer NOT NULL,
	"capacity" integer NOT NULL,
	"flag" smallint NOT NULL,
	"message_type" varchar(8),
	"current_bike" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"site_name" varchar(128) NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"gps_rail" jsonb,
	"length" integer DEFAULT 20 NOT NULL,
	"ble_num" integer DEFAULT 0 NOT NULL,
	"site_bike_ceiling" integer DEFAULT 0 NOT NULL,
	"site_ceiling" integer DEFAULT 0 NOT NULL,
	"recycle_switch" boolean DEFAULT false NOT NULL,
	"major_switch" boolean DEFAULT false NOT NULL,
	"brand_put_switch" boolean DEFAULT true NOT NULL,
	"dispatch_response_minute" integer DEFAULT 30 NOT NULL,
	"dispatch_threshold_less" integer DEFAULT 20 NOT NULL,
	"dispatch_threshold_more" integer DEFAULT 80 NOT NULL,
	"full_pile_num" double precision,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_daily" (
	"day" date NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"brand_id" integer NOT NULL,
	"bike_type" smallint NOT NULL,
	"online_num" integer DEFAULT 0 NOT NULL,
	"site_num" integer DEFAULT 0 NOT NULL,
	"active_bike_num" integer DEFAULT 0 NOT NULL,
	"ride_num" integer DEFAULT 0 NOT NULL,
	"dispatch_num" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_daily_day_area_id_brand_id_bike_type_pk" PRIMARY KEY("day","area_id","brand_id","bike_type")
);
--> statement-breakpoint
CREATE TABLE "stats_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"site_id" varchar(32) NOT NULL,
	"brand_id" integer NOT NULL,
	"bike_type" smallint NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"rent_num" integer DEFAULT 0 NOT NULL,
	"return_num" integer DEFAULT 0 NOT NULL,
	"up_num" integer DEFAULT 0 NOT NULL,
	"down_num" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_hourly_hour_site_id_brand_id_bike_type_pk" PRIMARY KEY("hour","site_id","brand_id","bike_type")
);
--> statement-breakpoint
CREATE TABLE "sync_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"brand_id" integer,
	"gateway_id" integer,
	"endpoint" varchar(64) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"result" varchar(8) NOT NULL,
	"detail" jsonb,
	"duration_ms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_sessions" ADD CONSTRAINT "api_sessions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_quotas" ADD CONSTRAINT "brand_quotas_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_quotas" ADD CONSTRAINT "brand_quotas_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mac_rules" ADD CONSTRAINT "mac_rules_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magnify_groups" ADD CONSTRAINT "magnify_groups_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abnormal_area_idx" ON "abnormal_messages" USING btree ("area_id","abnormal_type","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "abnormal_open_uq" ON "abnormal_messages" USING btree ("abnormal_type","subject") WHERE closed_at is null;--> statement-breakpoint
CREATE INDEX "bike_days_area_idx" ON "bike_days" USING btree ("area_id","day");--> statement-breakpoint
CREATE INDEX "bike_live_site_idx" ON "bike_live" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "bike_live_area_idx" ON "bike_live" USING btree ("area_id","status");--> statement-breakpoint
CREATE INDEX "bike_live_reported_idx" ON "bike_live" USING btree ("reported_at");--> statement-breakpoint
CREATE INDEX "bikes_brand_idx" ON "bikes" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "bikes_mac_idx" ON "bikes" USING btree ("bike_mac");--> statement-breakpoint
CREATE INDEX "bikes_license_idx" ON "bikes" USING btree ("license_code");--> statement-breakpoint
CREATE INDEX "dispatches_area_idx" ON "dispatches" USING btree ("area_id","at");--> statement-breakpoint
CREATE INDEX "pile_sightings_area_idx" ON "pile_sightings" USING btree ("area_id","at");--> statement-breakpoint
CREATE INDEX "piles_site_idx" ON "piles" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "piles_area_idx" ON "piles" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "ride_orders_rent_idx" ON "ride_orders" USING btree ("area_id","rent_at");--> statement-breakpoint
CREATE INDEX "ride_orders_return_idx" ON "ride_orders" USING btree ("area_id","return_at");--> statement-breakpoint
CREATE INDEX "ride_orders_bike_idx" ON "ride_orders" USING btree ("bike_id");--> statement-breakpoint
CREATE INDEX "site_history_area_idx" ON "site_history" USING btree ("area_id","at");--> statement-breakpoint
CREATE INDEX "site_history_site_idx" ON "site_history" USING btree ("site_id","at");--> statement-breakpoint
CREATE INDEX "site_messages_area_idx" ON "site_messages" USING btree ("area_id","at");--> statement-breakpoint
CREATE INDEX "site_messages_site_idx" ON "site_messages" USING btree ("site_id","at");--> statement-breakpoint
CREATE INDEX "sites_area_idx" ON "sites" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "sites_updated_idx" ON "sites" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "stats_hourly_area_idx" ON "stats_hourly" USING btree ("area_id","hour");--> statement-breakpoint
CREATE INDEX "sync_logs_kind_idx" ON "sync_logs" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "sync_logs_brand_idx" ON "sync_logs" USING btree ("brand_id","at");