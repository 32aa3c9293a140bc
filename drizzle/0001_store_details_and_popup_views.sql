CREATE TYPE "public"."integration_type" AS ENUM('typical', 'shopify');--> statement-breakpoint
CREATE TABLE "popup_views" (
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "popup_views_pk" PRIMARY KEY("store_id","day")
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "integration_type" "integration_type" DEFAULT 'typical' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "icon" text;--> statement-breakpoint
ALTER TABLE "popup_views" ADD CONSTRAINT "popup_views_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;