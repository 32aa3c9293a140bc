-- Trigram indexes for the subscriber search (substring of email or name). pg_trgm is a trusted
-- extension (PostgreSQL 13+): the database owner may create it; PGlite loads it in client.server.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "subscribers_store_subscribed_idx";--> statement-breakpoint
CREATE INDEX "subscribers_email_trgm_idx" ON "subscribers" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscribers_name_trgm_idx" ON "subscribers" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscribers_unused_code_idx" ON "subscribers" USING btree ("store_id") WHERE "subscribers"."discount_code_sent" is not null and "subscribers"."discount_code_used" = false;--> statement-breakpoint
CREATE INDEX "subscribers_store_subscribed_idx" ON "subscribers" USING btree ("store_id","subscribed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);