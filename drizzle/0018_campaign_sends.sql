CREATE TYPE "public"."campaign_send_status" AS ENUM('pending', 'sending', 'sent', 'failed', 'skipped');--> statement-breakpoint
CREATE TABLE "campaign_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"subscriber_id" uuid,
	"status" "campaign_send_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"message_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_sends_campaign_subscriber_unique" UNIQUE("campaign_id","subscriber_id")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "content" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_click_tracking" ADD COLUMN "campaign_send_id" uuid;--> statement-breakpoint
ALTER TABLE "email_settings" ADD COLUMN "campaign_send_rate" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_sends_campaign_status_idx" ON "campaign_sends" USING btree ("campaign_id","status","locked_until");--> statement-breakpoint
CREATE INDEX "campaign_sends_subscriber_idx" ON "campaign_sends" USING btree ("subscriber_id");--> statement-breakpoint
ALTER TABLE "email_click_tracking" ADD CONSTRAINT "email_click_tracking_campaign_send_id_campaign_sends_id_fk" FOREIGN KEY ("campaign_send_id") REFERENCES "public"."campaign_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_click_tracking_campaign_send_idx" ON "email_click_tracking" USING btree ("campaign_send_id");