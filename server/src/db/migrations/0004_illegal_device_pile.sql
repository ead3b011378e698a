ALTER TABLE "abnormal_messages" ADD COLUMN "pile_mac" varchar(32);--> statement-breakpoint
-- open illegal-device messages written before this column: the pile is named in the detail
UPDATE "abnormal_messages" SET "pile_mac" = substring("detail" from '^蓝牙桩 (\S+) 发现非法设备')
 WHERE "abnormal_type" = 2 AND "closed_at" IS NULL AND "pile_mac" IS NULL;
