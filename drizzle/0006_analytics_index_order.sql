DROP INDEX "email_click_tracking_store_created_idx";--> statement-breakpoint
DROP INDEX "email_sends_store_created_idx";--> statement-breakpoint
CREATE INDEX "email_click_tracking_store_created_idx" ON "email_click_tracking" USING btree ("store_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "email_sends_store_created_idx" ON "email_sends" USING btree ("store_id","created_at" DESC NULLS FIRST);