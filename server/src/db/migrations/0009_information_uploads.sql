-- Uploaded files (one table for every screen: ID cards, notice attachments, enterprise documents)
-- and notices (信息管理) with their read marks.
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"file" varchar(64) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"owner_id" integer,
	"uploader_id" integer NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"size" integer NOT NULL,
	"mime" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_file_unique" UNIQUE("file")
);
--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("purpose","owner_id");
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"type" smallint NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"brand_ids" integer[] DEFAULT '{}' NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"publisher_id" integer NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notices_area_idx" ON "notices" USING btree ("area_id","created_at");
--> statement-breakpoint
CREATE TABLE "notice_reads" (
	"notice_id" integer NOT NULL REFERENCES "notices"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("notice_id","user_id")
);
--> statement-breakpoint
-- enterprise accounts (role 企业用户) read their notices under 信息管理 (menu 8); new databases get it from the seed
INSERT INTO "role_permissions" ("role_id", "permission_id") SELECT 3, 8 WHERE EXISTS (SELECT 1 FROM "roles" WHERE "id" = 3) ON CONFLICT DO NOTHING;
