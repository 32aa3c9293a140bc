CREATE TYPE "public"."email_events_provider" AS ENUM('ses', 'postmark', 'sendgrid', 'mailgun', 'resend');--> statement-breakpoint
CREATE TYPE "public"."email_suppression" AS ENUM('bounced', 'complained');--> statement-breakpoint
ALTER TYPE "public"."email_send_status" ADD VALUE 'suppressed';--> statement-breakpoint
CREATE TABLE "email_event_receipts" (
	"store_id" uuid NOT NULL,
	"provider" "email_events_provider" NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_event_receipts_pk" PRIMARY KEY("store_id","provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD COLUMN "complained_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_settings" ADD COLUMN "events_provider" "email_events_provider";--> statement-breakpoint
ALTER TABLE "email_settings" ADD COLUMN "events_secret" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "suppression" "email_suppression";--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "suppression_reason" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "suppressed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "soft_bounces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_event_receipts" ADD CONSTRAINT "email_event_receipts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_event_receipts_received_idx" ON "email_event_receipts" USING btree ("received_at");