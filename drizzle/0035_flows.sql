CREATE TYPE "public"."flow_run_status" AS ENUM('active', 'completed', 'exited');--> statement-breakpoint
CREATE TYPE "public"."flow_status" AS ENUM('live', 'paused');--> statement-breakpoint
CREATE TYPE "public"."flow_trigger" AS ENUM('subscribed', 'confirmed', 'checkout_abandoned');--> statement-breakpoint
CREATE TABLE "flow_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"trigger_key" text DEFAULT '' NOT NULL,
	"status" "flow_run_status" DEFAULT 'active' NOT NULL,
	"step_id" text,
	"run_at" timestamp with time zone NOT NULL,
	"exit_reason" text,
	"checkout_url" text,
	"triggered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entered_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "flow_runs_flow_subscriber_key_unique" UNIQUE("flow_id","subscriber_id","trigger_key")
);
--> statement-breakpoint
CREATE TABLE "flow_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"store_id" uuid NOT NULL,
	"subscriber_id" uuid,
	"status" "campaign_send_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"message_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"complained_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"template" text,
	"trigger" "flow_trigger" NOT NULL,
	"status" "flow_status" DEFAULT 'paused' NOT NULL,
	"steps" jsonb NOT NULL,
	"exit_on_order" boolean DEFAULT true NOT NULL,
	"checkout_delay_minutes" integer DEFAULT 60 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"entered_through" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_click_tracking" ADD COLUMN "flow_send_id" uuid;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_sends" ADD CONSTRAINT "flow_sends_run_id_flow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."flow_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_sends" ADD CONSTRAINT "flow_sends_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_sends" ADD CONSTRAINT "flow_sends_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_sends" ADD CONSTRAINT "flow_sends_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_runs_due_idx" ON "flow_runs" USING btree ("run_at") WHERE "flow_runs"."status" = 'active';--> statement-breakpoint
CREATE INDEX "flow_runs_checkout_idx" ON "flow_runs" USING btree ("store_id","trigger_key") WHERE "flow_runs"."trigger_key" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "flow_sends_run_step_unique" ON "flow_sends" USING btree ("run_id","step_id");--> statement-breakpoint
CREATE INDEX "flow_sends_due_idx" ON "flow_sends" USING btree ("status","locked_until");--> statement-breakpoint
CREATE INDEX "flow_sends_flow_step_idx" ON "flow_sends" USING btree ("flow_id","step_id");--> statement-breakpoint
CREATE INDEX "flow_sends_subscriber_idx" ON "flow_sends" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "flows_store_idx" ON "flows" USING btree ("store_id","created_at");--> statement-breakpoint
ALTER TABLE "email_click_tracking" ADD CONSTRAINT "email_click_tracking_flow_send_id_flow_sends_id_fk" FOREIGN KEY ("flow_send_id") REFERENCES "public"."flow_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_click_tracking_flow_send_idx" ON "email_click_tracking" USING btree ("flow_send_id") WHERE "email_click_tracking"."flow_send_id" is not null;