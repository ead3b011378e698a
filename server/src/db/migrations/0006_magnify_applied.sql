ALTER TABLE "magnify_groups" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "magnify_groups" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
-- groups open before this migration take effect at the next snapshot
UPDATE "magnify_groups" SET "changed_at" = now() WHERE "open_switch";
