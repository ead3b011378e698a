-- Maintainers of an enterprise (运维人员, spec §3 Other: maintainName, maintainPhone, brandId, manageArea).
CREATE TABLE "maintainers" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL REFERENCES "brands"("id") ON DELETE cascade,
	"maintain_name" varchar(32) NOT NULL,
	"maintain_phone" varchar(20) NOT NULL,
	"manage_area" varchar(6) NOT NULL REFERENCES "areas"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "maintainers_brand_phone_uq" ON "maintainers" USING btree ("brand_id","maintain_phone");
