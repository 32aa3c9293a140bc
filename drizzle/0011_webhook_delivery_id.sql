ALTER TABLE "webhook_events" ADD COLUMN "webhook_id" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_webhook_id_unique" UNIQUE("webhook_id");