CREATE TYPE "public"."unsubscribe_source" AS ENUM('subscriber', 'import_opt_out', 'import_no_consent');--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "unsubscribe_source" "unsubscribe_source";--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "consent_time_known" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- An import wrote its time into both consented_at and subscribed_at when its file gave no opt-in time.
UPDATE "subscribers" SET "consent_time_known" = false
WHERE "source" = 'import' AND "consented_at" = "subscribed_at";--> statement-breakpoint
-- Who made each address not subscribed, as far as the record tells: an import wrote the file's unsubscribe
-- time (before the import) or its own time (no opt-out: unless the file's words were one); any other
-- unsubscribe, and one after the import, was the person's. A double opt-in awaiting confirmation has none.
UPDATE "subscribers" SET "unsubscribe_source" = CASE
    WHEN "source" = 'import' AND "unsubscribed_at" < "subscribed_at" THEN 'import_opt_out'
    WHEN "source" = 'import' AND "unsubscribed_at" = "subscribed_at"
      AND coalesce("import_consent", '') !~* ':\s*(unsubscribed|cleaned|opted.out|bounced|suppressed|redacted|invalid)$'
      THEN 'import_no_consent'
    WHEN "source" = 'import' AND "unsubscribed_at" = "subscribed_at" THEN 'import_opt_out'
    ELSE 'subscriber'
  END::"unsubscribe_source"
WHERE NOT "is_active" AND "unsubscribed_at" IS NOT NULL;
