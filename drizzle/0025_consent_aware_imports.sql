CREATE TABLE "subscriber_import_report" (
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"email" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text NOT NULL,
	CONSTRAINT "subscriber_import_report_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "subscriber_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"vendor" text NOT NULL,
	"summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "import_consent" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "tags" text[];--> statement-breakpoint
ALTER TABLE "subscriber_import_report" ADD CONSTRAINT "subscriber_import_report_import_id_subscriber_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."subscriber_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_imports" ADD CONSTRAINT "subscriber_imports_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriber_imports_store_idx" ON "subscriber_imports" USING btree ("store_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_import_id_subscriber_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."subscriber_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscribers_import_idx" ON "subscribers" USING btree ("import_id") WHERE "subscribers"."import_id" is not null;