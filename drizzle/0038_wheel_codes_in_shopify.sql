ALTER TABLE "popup_configs" ADD COLUMN "wheel_codes_not_in_shopify" text[];
