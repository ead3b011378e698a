-- Account applications (issue 11): an application is a users row waiting for audit (audit_status 0);
-- apply_type says what was asked for (1 platform account, 2 an applicable role, held in user_roles).
ALTER TABLE "users" ADD COLUMN "apply_type" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "apply_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "audit_user_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "audit_time" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_pending_idx" ON "users" ("area_id") WHERE "audit_status" = 0;--> statement-breakpoint
-- Third-party keys (第三方授权): read-only keys for one area, stored as a SHA-256 hash only.
CREATE TABLE "third_party_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"company" varchar(128),
	"phone" varchar(20) NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"key_prefix" varchar(16) NOT NULL,
	"creator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "third_party_keys_phone_unique" UNIQUE("phone"),
	CONSTRAINT "third_party_keys_key_hash_unique" UNIQUE("key_hash")
);--> statement-breakpoint
ALTER TABLE "third_party_keys" ADD CONSTRAINT "third_party_keys_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "third_party_keys_area_idx" ON "third_party_keys" ("area_id");
