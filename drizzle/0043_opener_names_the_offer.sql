ALTER TABLE "popup_configs" ALTER COLUMN "steps" SET DEFAULT '{"opener":{"enabled":false,"question":"Want [OFFER] on your first order?","yesText":"Yes, please","noText":"No thanks"},"extraFields":{"enabled":false,"title":"Tell us a little more","fields":{"firstName":true,"birthday":true,"phone":false},"phoneConsentText":"I agree to receive text messages from [STORE_NAME]. Reply STOP to opt out at any time.","buttonText":"Save","skipText":"Skip"}}'::jsonb;--> statement-breakpoint
-- The opener's question a popup (or a variant's own steps) still has from the old default names the offer with
-- [OFFER], as the new default does, so it follows an amount off or free shipping (docs/decisions/210). A
-- question the merchant wrote stays theirs.
UPDATE "popup_configs" SET "steps" = jsonb_set("steps", '{opener,question}', '"Want [OFFER] on your first order?"') WHERE "steps"->'opener'->>'question' = 'Want [DISCOUNT_PERCENT]% off your first order?';--> statement-breakpoint
UPDATE "popup_configs" SET "variants" = (
  SELECT jsonb_agg(
    CASE WHEN "variant"->'overrides'->'steps'->'opener'->>'question' = 'Want [DISCOUNT_PERCENT]% off your first order?'
      THEN jsonb_set("variant", '{overrides,steps,opener,question}', '"Want [OFFER] on your first order?"')
      ELSE "variant" END
    ORDER BY "place")
  FROM jsonb_array_elements("popup_configs"."variants") WITH ORDINALITY AS "listed"("variant", "place")
) WHERE position('Want [DISCOUNT_PERCENT]% off your first order?' in "variants"::text) > 0;
