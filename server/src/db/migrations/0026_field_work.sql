-- Field work (issue 28; MANAGEMENT.md "Field work"): the people in the street and the duty desk that
-- supervises them. Every field record carries the client_id the phone made it with: a record sent
-- again (an offline queue retrying) is stored once (unique per user).
--
-- Clock sites: a point with a radius, of an area, optionally of one enterprise (then only its users clock there).
CREATE TABLE "clock_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"brand_id" integer,
	"site_id" varchar(32),
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"radius" integer DEFAULT 100 NOT NULL,
	"creator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "clock_sites_area_idx" ON "clock_sites" USING btree ("area_id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- Clock configs: which role (31 运维人员, 32 监督员) of an area (and optionally one enterprise) clocks
-- on which days (1 Monday .. 7 Sunday), in which windows ([{start, end}] local HH:mm), how often per window.
CREATE TABLE "clock_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"brand_id" integer,
	"role_id" integer NOT NULL,
	"days" smallint[] NOT NULL,
	"windows" jsonb NOT NULL,
	"clocks_per_window" smallint DEFAULT 1 NOT NULL,
	"radius" integer,
	"late_minutes" integer DEFAULT 60 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"creator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "clock_configs_area_idx" ON "clock_configs" USING btree ("area_id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- result: 1 正常, 2 迟到, 3 范围外, 4 非打卡时段 (domain/clock.ts); window_start: the window it counts for
CREATE TABLE "clock_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"clock_site_id" integer NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"brand_id" integer,
	"role_id" integer,
	"day" date NOT NULL,
	"window_start" varchar(5),
	"window_end" varchar(5),
	"result" smallint NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"distance" integer NOT NULL,
	"radius" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "clock_records_client_idx" ON "clock_records" USING btree ("user_id", "client_id");
--> statement-breakpoint
CREATE INDEX "clock_records_user_day_idx" ON "clock_records" USING btree ("user_id", "day");
--> statement-breakpoint
CREATE INDEX "clock_records_area_at_idx" ON "clock_records" USING btree ("area_id", "at");
--> statement-breakpoint
-- One row per person and day that had clocks to make (the day statistics), recomputed from the
-- records and configs by one pure function (domain/clock.ts dayFigures) on every clock and when a
-- window closes (the clock job): the list reads it paged, the test recomputes it from the records.
CREATE TABLE "clock_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"brand_id" integer,
	"role_id" integer NOT NULL,
	"required" smallint NOT NULL,
	"done" smallint NOT NULL,
	"late" smallint NOT NULL,
	"missing" smallint NOT NULL,
	"out_of_range" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clock_days_pk" PRIMARY KEY ("user_id", "day")
);
--> statement-breakpoint
CREATE INDEX "clock_days_area_day_idx" ON "clock_days" USING btree ("area_id", "day");
--> statement-breakpoint
-- 维护预警: kind 1 缺卡 (a window closed without its clocks), 2 迟到, 3 范围外; one per person, day, window and kind
CREATE TABLE "clock_warnings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"brand_id" integer,
	"role_id" integer NOT NULL,
	"day" date NOT NULL,
	"window_start" varchar(5) NOT NULL,
	"window_end" varchar(5) NOT NULL,
	"kind" smallint NOT NULL,
	"record_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handler_id" integer,
	"note" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "clock_warnings_once_idx" ON "clock_warnings" USING btree ("user_id", "day", "window_start", "kind");
--> statement-breakpoint
CREATE INDEX "clock_warnings_pending_idx" ON "clock_warnings" USING btree ("area_id") WHERE "handled_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "clock_warnings_area_day_idx" ON "clock_warnings" USING btree ("area_id", "day");
--> statement-breakpoint
-- The day and window the clock job has closed up to (its watermark): a restart closes what it missed.
CREATE TABLE "clock_job_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"closed_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- 巡检: result 1 正常, 2 违停, 3 故障, 4 非法车辆
CREATE TABLE "patrol_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"bike_id" varchar(64),
	"bike_mac" varchar(32),
	"brand_id" integer,
	"site_id" varchar(32),
	"result" smallint NOT NULL,
	"note" text,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_records_client_idx" ON "patrol_records" USING btree ("user_id", "client_id");
--> statement-breakpoint
CREATE INDEX "patrol_records_area_at_idx" ON "patrol_records" USING btree ("area_id", "at");
--> statement-breakpoint
CREATE TABLE "pile_installs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"mac" varchar(32) NOT NULL,
	"site_id" varchar(32) NOT NULL,
	"lon" double precision,
	"lat" double precision,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pile_installs_client_idx" ON "pile_installs" USING btree ("user_id", "client_id");
--> statement-breakpoint
CREATE INDEX "pile_installs_area_at_idx" ON "pile_installs" USING btree ("area_id", "at");
--> statement-breakpoint
-- 站点申请: state 0 待审核, 1 已通过 (site_id: the site created), 2 已驳回 (reject_reason)
CREATE TABLE "site_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"brand_id" integer,
	"area_id" varchar(6) NOT NULL,
	"name" varchar(64) NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"capacity" integer NOT NULL,
	"piles" integer,
	"reason" text NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"reject_reason" text,
	"site_id" varchar(32),
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "site_applications_client_idx" ON "site_applications" USING btree ("user_id", "client_id");
--> statement-breakpoint
CREATE INDEX "site_applications_pending_idx" ON "site_applications" USING btree ("area_id") WHERE "state" = 0;
--> statement-breakpoint
-- 违规举报: state 0 待处理, 1 已处理, 2 已驳回
CREATE TABLE "violation_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"brand_id" integer,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"text" text NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"note" text,
	"handler_id" integer,
	"handled_at" timestamp with time zone,
	"work_order_id" bigint,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "violation_reports_client_idx" ON "violation_reports" USING btree ("user_id", "client_id");
--> statement-breakpoint
CREATE INDEX "violation_reports_pending_idx" ON "violation_reports" USING btree ("area_id") WHERE "state" = 0;
--> statement-breakpoint
-- Permissions (a new database gets them from the seed, domain/permissions.ts): 外勤 (11) with its
-- five writes, and under 日常值守 (2) 查看打卡 (123), 打卡设置 (124), 处理运维预警 (125).
INSERT INTO "permissions" ("id", "key", "name", "parent_id", "sort") SELECT v.id, v.key, v.name, v.parent, 0 FROM (VALUES
	(11, 'field', '外勤', NULL::int), (140, 'field.clock', '打卡', 11), (141, 'field.patrol', '巡检', 11), (142, 'field.install', '设备安装', 11),
	(143, 'field.siteApply', '站点申请', 11), (144, 'field.report', '违规举报', 11),
	(123, 'clock.view', '查看打卡', 2), (124, 'clock.manage', '打卡设置', 2), (125, 'clock.warn', '处理运维预警', 2)
) AS v(id, key, name, parent) WHERE EXISTS (SELECT 1 FROM "permissions" WHERE "id" = 2) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id") SELECT r."id", p."id" FROM "roles" r CROSS JOIN "permissions" p WHERE r."id" IN (1, 2) AND p."id" IN (11, 140, 141, 142, 143, 144, 123, 124, 125) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id") SELECT v.role, v.perm FROM (VALUES
	(31, 11), (31, 140), (31, 141), (31, 142), (31, 143), (31, 144),
	(32, 11), (32, 140), (32, 141), (32, 144),
	(5, 11), (5, 144),
	(27, 11), (27, 143)
) AS v(role, perm) WHERE EXISTS (SELECT 1 FROM "roles" WHERE "id" = v.role) AND EXISTS (SELECT 1 FROM "permissions" WHERE "id" = v.perm) ON CONFLICT DO NOTHING;
