ALTER TABLE "popup_configs" ADD COLUMN "discount_code_in_shopify" boolean;--> statement-breakpoint
ALTER TABLE "popup_configs" ADD COLUMN "discount_code_checked_at" timestamp with time zone;