ALTER TYPE "public"."email_send_status" ADD VALUE 'pending' BEFORE 'sending';--> statement-breakpoint
CREATE INDEX "email_sends_due_idx" ON "email_sends" USING btree ("status","locked_until");