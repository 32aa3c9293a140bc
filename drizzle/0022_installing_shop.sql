ALTER TABLE "organizations" ADD COLUMN "created_by_shop" text;--> statement-breakpoint
-- An install created its organization, administrator and store in one transaction, so they share now():
-- the only stores created at their organization's own instant are the installing shops' stores.
UPDATE "organizations" SET "created_by_shop" = "stores"."shopify_domain" FROM "stores" WHERE "stores"."organization_id" = "organizations"."id" AND "stores"."shopify_domain" IS NOT NULL AND "stores"."created_at" = "organizations"."created_at";
