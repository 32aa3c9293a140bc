ALTER TABLE "subscribers" ADD COLUMN "pending_discount_code" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "pending_code_creation_id" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "discount_code_error" text;