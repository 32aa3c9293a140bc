ALTER TABLE "email_settings" ADD COLUMN "dkim_selector" text;--> statement-breakpoint
ALTER TABLE "email_settings" ADD COLUMN "dkim_private_key" text;