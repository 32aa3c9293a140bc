ALTER TABLE "stores" ADD COLUMN "created_by_shop" text;--> statement-breakpoint
-- An install created its organization, administrator and store in one transaction (they share now()) and
-- recorded the shop on the organization: that shop's store created at its organization's own instant is the
-- one the install made. Stores linked to a shop later (Connect with Shopify, or a reinstall that found a
-- standalone store by its domain) keep null.
UPDATE "stores" SET "created_by_shop" = "stores"."shopify_domain" FROM "organizations" WHERE "organizations"."id" = "stores"."organization_id" AND "stores"."shopify_domain" IS NOT NULL AND "organizations"."created_by_shop" = "stores"."shopify_domain" AND "stores"."created_at" = "organizations"."created_at";
