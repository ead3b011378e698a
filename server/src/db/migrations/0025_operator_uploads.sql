-- Photos an enterprise sends with its answer to a work order (issue 27) go through the upload service
-- on the open API: such an upload has the enterprise (brand_id) instead of a console user, and its
-- quota and rate are counted per enterprise.
ALTER TABLE "uploads" ALTER COLUMN "uploader_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "brand_id" integer;
--> statement-breakpoint
CREATE INDEX "uploads_brand_idx" ON "uploads" USING btree ("brand_id", "created_at") WHERE "brand_id" IS NOT NULL;
