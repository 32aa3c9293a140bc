CREATE TYPE "public"."campaign_status" AS ENUM('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled');--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"subject" text NOT NULL,
	"preheader" text DEFAULT '' NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"content" jsonb DEFAULT '{"headerLogo":"","headerText":"Welcome to our newsletter!","bodyContent":"Hi [First Name],\n\nThank you for subscribing to our newsletter. As a welcome gift, here is your one-time [DISCOUNT_PERCENT]% discount code: [DISCOUNT_CODE]\n\nUse it at checkout on your next order.","footerText":"Thank you for being part of our community.","footerNote":"You are receiving this email because you subscribed on our website.","socialMediaLinks":{"website":"","linkedin":"","twitter":"","facebook":"","instagram":""},"companyAddress":"","primaryColor":"#0071b9","secondaryColor":"#00c68c"}'::jsonb NOT NULL,
	"audience" jsonb DEFAULT '{"from":null,"to":null,"search":"","codeUsed":"any","confirmedOnly":false}'::jsonb NOT NULL,
	"status" "campaign_status" DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_store_slug_unique" UNIQUE("store_id","slug")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_store_created_idx" ON "campaigns" USING btree ("store_id","created_at");