ALTER TABLE "email_settings" ADD COLUMN "quiet_hours_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_settings" ADD COLUMN "quiet_hours_start" integer DEFAULT 21 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_settings" ADD COLUMN "quiet_hours_end" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_settings" ADD COLUMN "quiet_hours_time_zone" text DEFAULT 'UTC' NOT NULL;