ALTER TYPE "public"."email_send_status" ADD VALUE 'held';--> statement-breakpoint
ALTER TYPE "public"."email_send_status" ADD VALUE 'discarded';