ALTER TABLE "stores" ADD COLUMN "verification_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "verification_message" text;