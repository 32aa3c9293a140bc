CREATE TYPE "public"."popup_animation" AS ENUM('slide-in', 'fade-in', 'zoom-in', 'bounce-in');--> statement-breakpoint
CREATE TYPE "public"."popup_trigger" AS ENUM('immediate', 'after-5s', 'scroll-50', 'exit-intent');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('admin', 'member');--> statement-breakpoint
CREATE TABLE "email_click_tracking" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscriber_email" text NOT NULL,
	"store_id" uuid NOT NULL,
	"tracking_id" text NOT NULL,
	"original_url" text NOT NULL,
	"utm_source" text DEFAULT 'newsletter' NOT NULL,
	"utm_medium" text DEFAULT 'email' NOT NULL,
	"utm_campaign" text DEFAULT 'welcome-discount' NOT NULL,
	"clicked_at" timestamp with time zone,
	"is_clicked" boolean DEFAULT false NOT NULL,
	"click_count" integer DEFAULT 0 NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_click_tracking_tracking_id_unique" UNIQUE("tracking_id")
);
--> statement-breakpoint
CREATE TABLE "email_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"smtp_host" text DEFAULT 'smtp.sendgrid.net' NOT NULL,
	"smtp_port" integer DEFAULT 587 NOT NULL,
	"from_email" text,
	"from_name" text,
	"smtp_username" text,
	"smtp_password" text,
	"is_configured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_settings_store_unique" UNIQUE("store_id")
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"template_name" text DEFAULT 'Welcome Email Template' NOT NULL,
	"subject" text DEFAULT 'Thank you for subscribing! Here is your 15% discount' NOT NULL,
	"header_logo" text DEFAULT '' NOT NULL,
	"header_text" text DEFAULT 'Welcome to our newsletter!' NOT NULL,
	"body_content" text DEFAULT 'Hi [First Name],

Thank you for subscribing to our newsletter. As a welcome gift, here is your one-time 15% discount code: [DISCOUNT_CODE]

Use it at checkout on your next order.' NOT NULL,
	"footer_text" text DEFAULT 'Thank you for being part of our community.' NOT NULL,
	"footer_note" text DEFAULT 'You are receiving this email because you subscribed on our website.' NOT NULL,
	"social_media_links" jsonb DEFAULT '{"website":"","linkedin":"","twitter":"","facebook":"","instagram":""}'::jsonb NOT NULL,
	"company_address" text DEFAULT '' NOT NULL,
	"primary_color" text DEFAULT '#0071b9' NOT NULL,
	"secondary_color" text DEFAULT '#00c68c' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_store_unique" UNIQUE("store_id")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popup_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"title" text DEFAULT 'LOOKING FOR EXCLUSIVE OFFERS?' NOT NULL,
	"subtitle" text DEFAULT 'Sign up with your business email and receive a one-time <strong>15% discount code</strong>.' NOT NULL,
	"button_text" text DEFAULT 'SUBMIT' NOT NULL,
	"fields" jsonb DEFAULT '{"email":true,"name":false,"phone":false,"company":false,"address":false,"street":false,"city":false,"state":false,"zipCode":false,"country":false}'::jsonb NOT NULL,
	"email_validation" jsonb DEFAULT '{"companyEmailsOnly":true,"allowedDomains":[],"blockedDomains":["gmail","yahoo","hotmail","outlook"]}'::jsonb NOT NULL,
	"cart_validation" jsonb DEFAULT '{"enabled":false,"validationType":"none","minimumAmount":0,"maximumAmount":1000,"belowThreshold":100}'::jsonb NOT NULL,
	"discount_code" text DEFAULT 'WELCOME15' NOT NULL,
	"discount_percentage" integer DEFAULT 15 NOT NULL,
	"display_trigger" "popup_trigger" DEFAULT 'immediate' NOT NULL,
	"animation" "popup_animation" DEFAULT 'slide-in' NOT NULL,
	"layout" jsonb DEFAULT '{"width":"lg","maxHeightVh":70,"showSocialIcons":true}'::jsonb NOT NULL,
	"show_exit_intent_if_not_subscribed" boolean DEFAULT false NOT NULL,
	"suppress_after_subscription" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "popup_configs_store_unique" UNIQUE("store_id")
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"admin_notification_email" text DEFAULT 'admin@company.com' NOT NULL,
	"enable_analytics" boolean DEFAULT true NOT NULL,
	"send_welcome_email" boolean DEFAULT true NOT NULL,
	"enable_double_opt_in" boolean DEFAULT false NOT NULL,
	"validate_discount_code" boolean DEFAULT true NOT NULL,
	"notify_on_subscriptions" boolean DEFAULT true NOT NULL,
	"daily_subscriber_summary" boolean DEFAULT false NOT NULL,
	"alert_on_unsubscribe_rate" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_user_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"shopify_url" text,
	"shopify_store_name" text,
	"custom_domain" text,
	"shopify_access_token" text,
	"is_connected" boolean DEFAULT false NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"active_script_version" text,
	"active_script_timestamp" timestamp with time zone,
	"social_links" jsonb DEFAULT '{"linkedin":"","twitter":"","youtube":"","instagram":"","facebook":"","reddit":"","quora":""}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"phone" text,
	"company" text,
	"address" text,
	"street" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"country" text,
	"session_id" text,
	"discount_code_sent" text,
	"discount_code_used" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"username" text NOT NULL,
	"password" text,
	"email" text NOT NULL,
	"role" "user_role" DEFAULT 'member' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"reset_token" text,
	"reset_token_expiry" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_click_tracking" ADD CONSTRAINT "email_click_tracking_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_settings" ADD CONSTRAINT "email_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_configs" ADD CONSTRAINT "popup_configs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_click_tracking_store_created_idx" ON "email_click_tracking" USING btree ("store_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree (("sess"->>'userId'));--> statement-breakpoint
CREATE INDEX "stores_organization_idx" ON "stores" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_store_email_unique" ON "subscribers" USING btree ("store_id",lower("email"));--> statement-breakpoint
CREATE INDEX "subscribers_store_subscribed_idx" ON "subscribers" USING btree ("store_id","subscribed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_reset_token_unique" ON "users" USING btree ("reset_token");--> statement-breakpoint
CREATE INDEX "users_organization_idx" ON "users" USING btree ("organization_id");