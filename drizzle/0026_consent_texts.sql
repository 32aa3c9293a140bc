CREATE TABLE "consent_texts" (
	"store_id" uuid NOT NULL,
	"version" text NOT NULL,
	"text" text NOT NULL,
	"privacy_policy_url" text,
	"first_shown_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_texts_pk" PRIMARY KEY("store_id","version")
);
--> statement-breakpoint
ALTER TABLE "popup_configs" ADD COLUMN "consent_text" text DEFAULT 'By signing up you agree to receive marketing emails from [STORE_NAME]. You can unsubscribe at any time.' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "privacy_policy_url" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;