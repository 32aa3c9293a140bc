ALTER TABLE "popup_configs" ADD COLUMN "steps" jsonb DEFAULT '{"opener":{"enabled":false,"question":"Want [DISCOUNT_PERCENT]% off your first order?","yesText":"Yes, please","noText":"No thanks"},"extraFields":{"enabled":false,"title":"Tell us a little more","fields":{"firstName":true,"birthday":true,"phone":false},"phoneConsentText":"I agree to receive text messages from [STORE_NAME]. Reply STOP to opt out at any time.","buttonText":"Save","skipText":"Skip"}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "popup_variant_days" ADD COLUMN "opener_continues" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "popup_variant_days" ADD COLUMN "extra_fields_continues" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "birthday_day" smallint;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "birthday_month" smallint;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "phone_consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "phone_consent_text" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "extra_fields_at" timestamp with time zone;