CREATE TABLE "offer_discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"popup_id" uuid NOT NULL,
	"offer" text NOT NULL,
	"anchor_code" text NOT NULL,
	"shopify_discount_id" text,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "popup_configs" ADD COLUMN "code_valid_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "popup_configs" ADD COLUMN "code_usage_limit" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_discounts" ADD CONSTRAINT "offer_discounts_popup_id_popup_configs_id_fk" FOREIGN KEY ("popup_id") REFERENCES "public"."popup_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_discounts_popup_offer_idx" ON "offer_discounts" USING btree ("popup_id","offer");