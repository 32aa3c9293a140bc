CREATE TABLE "shopify_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"state" text NOT NULL,
	"is_online" boolean DEFAULT false NOT NULL,
	"scope" text,
	"expires" timestamp,
	"access_token" text,
	"user_id" bigint,
	"first_name" text,
	"last_name" text,
	"email" text,
	"account_owner" boolean,
	"locale" text,
	"collaborator" boolean,
	"email_verified" boolean,
	"refresh_token" text,
	"refresh_token_expires" timestamp
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"shop" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "shopify_domain" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "consent_sync_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "shopify_customer_id" text;--> statement-breakpoint
CREATE INDEX "shopify_sessions_shop_idx" ON "shopify_sessions" USING btree ("shop");--> statement-breakpoint
CREATE INDEX "webhook_events_received_idx" ON "webhook_events" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_shopifyDomain_unique" UNIQUE("shopify_domain");