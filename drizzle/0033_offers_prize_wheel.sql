ALTER TABLE "popup_configs" ADD COLUMN "offer_kind" text DEFAULT 'percentage' NOT NULL;--> statement-breakpoint
ALTER TABLE "popup_configs" ADD COLUMN "discount_amount" numeric(12, 2) DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "popup_configs" ADD COLUMN "minimum_subtotal" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "popup_configs" ADD COLUMN "wheel" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "wheel_draw" jsonb;