-- 评级考核 (rating evaluation, issue 30; MANAGEMENT.md "Rating evaluation"; rules in domain/rating.ts).
-- Every area keeps its own scheme: a conf (base score, grade thresholds, quota change per grade),
-- categories (name, full score), fixed rules scored by hand and trend rules measured from the
-- platform's data. A period is a month 'YYYY-MM'.
CREATE TABLE "examine_conf" (
	"area_id" varchar(6) PRIMARY KEY NOT NULL,
	"base_score" double precision DEFAULT 100 NOT NULL,
	"grade_a" double precision DEFAULT 90 NOT NULL,
	"grade_b" double precision DEFAULT 80 NOT NULL,
	"grade_c" double precision DEFAULT 60 NOT NULL,
	-- the quota change suggested per grade, percent
	"quota_a" double precision DEFAULT 10 NOT NULL,
	"quota_b" double precision DEFAULT 0 NOT NULL,
	"quota_c" double precision DEFAULT -10 NOT NULL,
	"quota_d" double precision DEFAULT -20 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "examine_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"name" varchar(32) NOT NULL,
	"full_score" double precision NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"creator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "examine_categories_name_idx" ON "examine_categories" USING btree ("area_id", "name") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- scored by hand: points per finding, at most max_points (null: no cap)
CREATE TABLE "examine_fixed_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"category_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"points" double precision NOT NULL,
	"max_points" double precision,
	"description" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"creator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "examine_fixed_rules_area_idx" ON "examine_fixed_rules" USING btree ("area_id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- measured: measure names a key of domain/rating.ts MEASURES; bands [{min, max, points}] map the value to a deduction
CREATE TABLE "examine_trend_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"category_id" integer NOT NULL,
	"measure" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"bands" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"creator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
-- one live rule per area and measure: a figure is never deducted twice
CREATE UNIQUE INDEX "examine_trend_rules_measure_idx" ON "examine_trend_rules" USING btree ("area_id", "measure") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- An assessment: every enterprise's score, grade and rank for an area and month, replaced when the
-- month is assessed again (unless closed). measures: every figure measured, {key: value|null}.
CREATE TABLE "examine_results" (
	"area_id" varchar(6) NOT NULL,
	"period" varchar(7) NOT NULL,
	"brand_id" integer NOT NULL,
	"score" double precision NOT NULL,
	"grade" varchar(1) NOT NULL,
	"rank" integer NOT NULL,
	"deducted" double precision NOT NULL,
	"quota" integer,
	"suggested_quota" integer,
	"measures" jsonb NOT NULL,
	"assessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assessed_by" integer,
	CONSTRAINT "examine_results_pk" PRIMARY KEY ("area_id", "period", "brand_id")
);
--> statement-breakpoint
-- Every rule's outcome for an enterprise: kind 1 trend (measure, value), 2 fixed (findings as value);
-- points taken (0 when within the rule), and the console link of its evidence.
CREATE TABLE "examine_deductions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"period" varchar(7) NOT NULL,
	"brand_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"rule_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"category_name" varchar(32) NOT NULL,
	"rule_name" varchar(64) NOT NULL,
	"measure" varchar(32),
	"value" double precision,
	"unit" varchar(8),
	"points" double precision NOT NULL,
	"evidence" text
);
--> statement-breakpoint
CREATE INDEX "examine_deductions_result_idx" ON "examine_deductions" USING btree ("area_id", "period", "brand_id");
--> statement-breakpoint
-- A fixed item scored by an inspector for an enterprise and month: findings and what was seen.
CREATE TABLE "examine_fixed_scores" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"period" varchar(7) NOT NULL,
	"brand_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"findings" integer NOT NULL,
	"note" text NOT NULL,
	"inspector_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "examine_fixed_scores_period_idx" ON "examine_fixed_scores" USING btree ("area_id", "period") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- A closed month is frozen (no re-assessment, no fixed item changed); re-opening needs a reason, kept in the log.
CREATE TABLE "examine_periods" (
	"area_id" varchar(6) NOT NULL,
	"period" varchar(7) NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	CONSTRAINT "examine_periods_pk" PRIMARY KEY ("area_id", "period")
);
--> statement-breakpoint
CREATE TABLE "examine_period_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"period" varchar(7) NOT NULL,
	"action" varchar(8) NOT NULL,
	"reason" text,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
