-- 工单 on 日常值守 (issue 27): 查看工单 (121) and 处理工单 (122: 新建、办结、退回) under 日常值守 (2), for
-- the platform's two administrator roles; enterprise users (3) get 日常值守 and 查看工单 (their own
-- enterprise's orders only). A new database gets them from the seed (domain/permissions.ts).
INSERT INTO "permissions" ("id", "key", "name", "parent_id", "sort") SELECT 121, 'workOrder.view', '查看工单', 2, 0 WHERE EXISTS (SELECT 1 FROM "permissions" WHERE "id" = 2) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "permissions" ("id", "key", "name", "parent_id", "sort") SELECT 122, 'workOrder.handle', '处理工单', 2, 0 WHERE EXISTS (SELECT 1 FROM "permissions" WHERE "id" = 2) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id") SELECT r."id", p."id" FROM "roles" r CROSS JOIN "permissions" p WHERE r."id" IN (1, 2) AND p."id" IN (121, 122) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id") SELECT r."id", p."id" FROM "roles" r CROSS JOIN "permissions" p WHERE r."id" = 3 AND p."id" IN (2, 121) ON CONFLICT DO NOTHING;
