-- 车辆备案导入 (issue 14, part 2): one row per spreadsheet import of a brand's bikes, and one row per
-- data row of its file with what became of it (filed, or refused with the reason). An import files
-- in batches, each in its own transaction together with its rows and the import's counters, so the
-- history always says what was filed, even of an import cut short.
CREATE TABLE "bike_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" varchar(64) NOT NULL,
	"file" varchar(64) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_type" varchar(16) NOT NULL,
	"status" varchar(12) DEFAULT 'running' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"last_row" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"message" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "bike_imports_brand_idx" ON "bike_imports" USING btree ("brand_id", "id" DESC);
--> statement-breakpoint
CREATE INDEX "bike_imports_area_idx" ON "bike_imports" USING btree ("area_id", "id" DESC);
--> statement-breakpoint
CREATE TABLE "bike_import_rows" (
	"import_id" integer NOT NULL REFERENCES "bike_imports"("id") ON DELETE cascade,
	"row_no" integer NOT NULL,
	"accepted" boolean NOT NULL,
	"bike_id" text,
	"bike_type" text,
	"frame_code" text,
	"imei_code" text,
	"license_code" text,
	"bike_mac" text,
	"reason" text,
	PRIMARY KEY ("import_id", "accepted", "row_no")
);
--> statement-breakpoint
-- 车辆备案导入 (120, under 企业管理) for the seeded administrator and enterprise roles of existing databases; new ones get it from the seed
INSERT INTO "permissions" ("id", "key", "name", "parent_id", "sort") SELECT 120, 'company.filing', '车辆备案导入', 7, 0 WHERE EXISTS (SELECT 1 FROM "permissions" WHERE "id" = 7) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id") SELECT r."id", 120 FROM "roles" r WHERE r."id" IN (1, 2, 3) AND EXISTS (SELECT 1 FROM "permissions" WHERE "id" = 120) ON CONFLICT DO NOTHING;
