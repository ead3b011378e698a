-- Work orders (工单, issue 27; MANAGEMENT.md "Work orders"): what the platform detects goes to the
-- enterprise that must act, with a deadline, and comes back with proof. Opened by rules (a site out
-- of its dispatch thresholds for a few minutes; alerts of one enterprise at one place) or by a
-- regulator. state: 1 待接单, 2 处理中, 3 已反馈, 4 已办结 (domain/workOrders.ts).
CREATE TABLE "work_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_type" smallint NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"brand_id" integer NOT NULL,
	"site_id" varchar(32),
	"lon" double precision,
	"lat" double precision,
	-- the place its alerts are grouped by (site:<id>, cell:<x>:<y>, area)
	"place" varchar(80) NOT NULL,
	"title" text NOT NULL,
	-- dispatch orders: the bikes this enterprise is asked to move (away when too full, in when too empty)
	"bikes_to_move" integer,
	-- what the order covers when opened: the site's counts and thresholds, the regulator's text
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	-- rule or regulator
	"opened_by" varchar(16) NOT NULL,
	"creator_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	-- the enterprise's first answer
	"answered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	-- closed by the condition ending (the site back in range, every alert closed), not by a person
	"auto_closed" boolean DEFAULT false NOT NULL,
	-- when the job found it unanswered past its deadline (已超时)
	"overdue_at" timestamp with time zone,
	"returns" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- one open rule order per type, area, enterprise and place: a new alert there joins it
CREATE UNIQUE INDEX "work_orders_open_group" ON "work_orders" USING btree ("order_type", "area_id", "brand_id", "place") WHERE "state" <> 4 AND "opened_by" = 'rule';
--> statement-breakpoint
CREATE INDEX "work_orders_brand_idx" ON "work_orders" USING btree ("brand_id", "updated_at", "id");
--> statement-breakpoint
CREATE INDEX "work_orders_area_idx" ON "work_orders" USING btree ("area_id", "created_at");
--> statement-breakpoint
CREATE INDEX "work_orders_open_idx" ON "work_orders" USING btree ("deadline_at") WHERE "state" <> 4;
--> statement-breakpoint
-- the timeline: who did what and when (open, join, accept, answer, finish, return, autoClose, overdue)
CREATE TABLE "work_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL REFERENCES "work_orders"("id"),
	"action" varchar(16) NOT NULL,
	"actor" varchar(16) NOT NULL,
	"user_id" integer,
	"brand_id" integer,
	"note" text,
	"photos" jsonb,
	-- an answer: the dispatch ids and bike ids the enterprise moved
	"moved" jsonb,
	-- an operator's id for its answer: a repeat is recognised and stored once
	"request_id" varchar(64),
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "work_order_events_order_idx" ON "work_order_events" USING btree ("order_id", "at");
--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_events_request" ON "work_order_events" USING btree ("order_id", "request_id") WHERE "request_id" IS NOT NULL;
--> statement-breakpoint
-- the alerts an order covers; an alert joins one order
CREATE TABLE "work_order_alerts" (
	"abnormal_id" bigint PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL REFERENCES "work_orders"("id")
);
--> statement-breakpoint
CREATE INDEX "work_order_alerts_order_idx" ON "work_order_alerts" USING btree ("order_id");
--> statement-breakpoint
-- since when each site out of its dispatch range has been so (kept between minute runs)
CREATE TABLE "dispatch_watch" (
	"site_id" varchar(32) PRIMARY KEY NOT NULL,
	"direction" varchar(8) NOT NULL,
	"since" timestamp with time zone NOT NULL
);
