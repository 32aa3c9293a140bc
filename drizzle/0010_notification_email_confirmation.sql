ALTER TABLE "user_preferences" ADD COLUMN "pending_notification_email" text;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "notification_email_token" text;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "notification_email_token_expiry" timestamp with time zone;