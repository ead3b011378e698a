-- The audit log (操作日志): one row per console write, written in the write's own transaction
-- (server/src/http/audit.ts). The user's name and area are copied in, so the list needs no join and
-- an entry keeps saying who did it after the account changes.
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer NOT NULL,
	"username" varchar(32) NOT NULL,
	"user_name" varchar(64) DEFAULT '' NOT NULL,
	"area_id" varchar(6) NOT NULL,
	"method" varchar(8) NOT NULL,
	"route" varchar(200) NOT NULL,
	"summary" varchar(200) DEFAULT '' NOT NULL,
	"object_id" varchar(64),
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"outcome" varchar(200) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_username_idx" ON "audit_log" USING btree ("username", "at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_route_idx" ON "audit_log" USING btree ("route", "method", "at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("object_id", "at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_area_idx" ON "audit_log" USING btree ("area_id", "at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_area_route_idx" ON "audit_log" USING btree ("area_id", "route", "at" DESC, "id" DESC);
--> statement-breakpoint
-- the role list counts each role's users (and the user list filters by role): by role, not a scan of every link
CREATE INDEX IF NOT EXISTS "user_roles_role_idx" ON "user_roles" USING btree ("role_id", "user_id");
--> statement-breakpoint
-- 操作日志 (119, under 系统设置) for the seeded administrator roles of existing databases; new ones get it from the seed
INSERT INTO "permissions" ("id", "key", "name", "parent_id", "sort") SELECT 119, 'audit.view', '操作日志', 9, 0 WHERE EXISTS (SELECT 1 FROM "permissions" WHERE "id" = 9) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id") SELECT r."id", 119 FROM "roles" r WHERE r."id" IN (1, 2) AND EXISTS (SELECT 1 FROM "permissions" WHERE "id" = 119) ON CONFLICT DO NOTHING;
