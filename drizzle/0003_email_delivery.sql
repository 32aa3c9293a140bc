CREATE TYPE "public"."email_kind" AS ENUM('welcome', 'confirmation');--> statement-breakpoint
CREATE TYPE "public"."email_send_status" AS ENUM('sending', 'retrying', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "email_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"kind" "email_kind" NOT NULL,
	"status" "email_send_status" DEFAULT 'sending' NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"locked_until" timestamp with time zone,
	"message_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_click_tracking" ADD COLUMN "send_id" uuid;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "subscribers_notified_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "unsubscribe_alerted_on" date;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "confirmation_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_sends_subscriber_kind_unique" ON "email_sends" USING btree ("subscriber_id","kind");--> statement-breakpoint
CREATE INDEX "email_sends_store_created_idx" ON "email_sends" USING btree ("store_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "email_click_tracking" ADD CONSTRAINT "email_click_tracking_send_id_email_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."email_sends"("id") ON DELETE cascade ON UPDATE no action;