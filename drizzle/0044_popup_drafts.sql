CREATE TYPE "public"."popup_status" AS ENUM('draft', 'live', 'paused');--> statement-breakpoint
ALTER TABLE "popup_configs" ADD COLUMN "status" "popup_status" DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "popup_configs" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "popup_configs" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
-- Existing popups keep what shoppers see: an active one is live, an inactive one paused (it may have shown
-- before, and Resume brings it back as it is), both with no unpublished changes.
UPDATE "popup_configs" SET "status" = CASE WHEN "is_active" THEN 'live'::"popup_status" ELSE 'paused'::"popup_status" END, "published_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "popup_configs" DROP COLUMN "is_active";
