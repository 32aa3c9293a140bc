CREATE TABLE "order_attributions" (
	"store_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"popup_id" uuid,
	"variant_id" text,
	"subscriber_id" uuid,
	"code" text NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_attributions_pk" PRIMARY KEY("store_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "popup_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popup_variant_days" (
	"popup_id" uuid NOT NULL,
	"variant_id" text NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"subscribers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "popup_variant_days_pk" PRIMARY KEY("popup_id","variant_id","day")
);
--> statement-breakpoint
ALTER TABLE "popup_configs" DROP CONSTRAINT "popup_configs_store_unique";--> statement-breakpoint
ALTER TABLE "popup_configs" ADD COLUMN "name" text DEFAULT 'Welcome popup' NOT NULL;--> statement-breakpoint
ALTER TABLE "popup_configs" ADD COLUMN "priority" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "popup_configs" ADD COLUMN "targeting" jsonb DEFAULT '{"pages":{"include":[],"exclude":[]},"devices":{"desktop":true,"mobile":true},"visitors":"all","sources":[],"startsAt":null,"endsAt":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "popup_configs" ADD COLUMN "design" jsonb DEFAULT '{"backgroundColor":"#ffffff","textColor":"#111827","buttonColor":"#111827","buttonTextColor":"#ffffff","overlayColor":"#111827","overlayOpacity":55,"cornerRadius":16,"font":"system","imageId":null,"position":"center","teaser":{"enabled":false,"text":"Get your discount"}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "popup_configs" ADD COLUMN "variants" jsonb DEFAULT '[{"id":"control","name":"A","weight":100,"overrides":{}}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "popup_id" uuid;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "variant_id" text;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_popup_id_popup_configs_id_fk" FOREIGN KEY ("popup_id") REFERENCES "public"."popup_configs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_images" ADD CONSTRAINT "popup_images_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_variant_days" ADD CONSTRAINT "popup_variant_days_popup_id_popup_configs_id_fk" FOREIGN KEY ("popup_id") REFERENCES "public"."popup_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_attributions_popup_idx" ON "order_attributions" USING btree ("popup_id","ordered_at");--> statement-breakpoint
CREATE INDEX "order_attributions_store_day_idx" ON "order_attributions" USING btree ("store_id","ordered_at");--> statement-breakpoint
CREATE INDEX "popup_images_store_idx" ON "popup_images" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "popup_configs_store_priority_idx" ON "popup_configs" USING btree ("store_id","priority","created_at");