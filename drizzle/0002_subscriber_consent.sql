ALTER TABLE "subscribers" ADD COLUMN "source" text DEFAULT 'popup' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "consent_page_url" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "consent_ip" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "consent_user_agent" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "consented_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;