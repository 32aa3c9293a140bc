ALTER TABLE "popup_configs" ADD COLUMN "languages" jsonb DEFAULT '[{"code":"en","texts":{}}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "language" text;