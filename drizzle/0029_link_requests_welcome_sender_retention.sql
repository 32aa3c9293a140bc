CREATE TABLE "shopify_link_requests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "shopify_oauth_states" CASCADE;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "welcome_email_sender" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "shopify_link_requests" ADD CONSTRAINT "shopify_link_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_link_requests" ADD CONSTRAINT "shopify_link_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shopify_link_requests_expires_idx" ON "shopify_link_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "subscribers_consent_network_idx" ON "subscribers" USING btree ("consented_at") WHERE "subscribers"."consent_ip" is not null or "subscribers"."consent_user_agent" is not null;