ALTER TABLE "email_click_tracking" ADD COLUMN "link_host" text;--> statement-breakpoint
-- Links tracked before the host was recorded: the host of their http(s) URL (anything else stays null and is never redirected to).
UPDATE "email_click_tracking" SET "link_host" = lower(substring("original_url" from '^[hH][tT][tT][pP][sS]?://(?:[^/?#@]*@)?([^/?#:]+)'));--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "webhook_id" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_webhook_id_unique" UNIQUE("webhook_id");