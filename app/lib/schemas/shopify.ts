import { z } from "zod";

/** Shopify stopped the creation of new custom apps (shopify.dev, January 2026): no new pasted tokens. */
export const CUSTOM_APP_TOKENS_RETIRED =
  "Custom app tokens can no longer be created; use Connect with Shopify";

/** SPEC §5: non-ASCII characters (and the spaces a paste brings along) are stripped from the access token. */
export function cleanAccessToken(value: string): string {
  return value.replace(/[^\x21-\x7e]/g, "");
}

export const accessTokenInput = z
  .string({ error: "Access token is required" })
  .transform(cleanAccessToken)
  .pipe(z.string().min(1, "Access token is required").max(255, "The access token is too long"));

const shopAddress = z.object({
  shopifyUrl: z.string().trim().max(2048).optional(),
  shopifyStoreName: z.string().trim().max(100).optional(),
  customDomain: z
    .union([
      z.literal(""),
      z
        .string()
        .trim()
        .max(2048)
        .pipe(z.url({ protocol: /^https?$/, error: "Enter a full URL for the custom domain" })),
    ])
    .optional(),
});

const hasShop = (value: { shopifyUrl?: string; shopifyStoreName?: string }) =>
  Boolean(value.shopifyUrl || value.shopifyStoreName);
const shopMissing = { message: "Enter your store's myshopify.com address", path: ["shopifyUrl"] };

/** POST /api/stores/:id/shopify/connect: the shop by URL, or by store name / custom domain, and its token. */
export const shopifyConnectionSchema = shopAddress
  .extend({ accessToken: accessTokenInput })
  .refine(hasShop, shopMissing);

export type ShopifyConnectionInput = z.infer<typeof shopifyConnectionSchema>;

/** POST /api/stores/:id/shopify/verify: as connect, but without a token the store's saved one is checked. */
export const shopifyVerificationSchema = shopAddress
  .extend({ accessToken: accessTokenInput.optional() })
  .refine(hasShop, shopMissing);

export type ShopifyVerificationInput = z.infer<typeof shopifyVerificationSchema>;

/**
 * Whoever controls a linked shop works on its store from the Shopify admin, so only an administrator may
 * link one: the API's 403 and the screens that would offer the button say this.
 */
export const CONNECT_ADMIN_ONLY =
  "Only an administrator of your organization can connect a store with Shopify: whoever controls the shop then works on this store from the shop's Shopify admin.";

/** A shop's own domain, as Shopify writes it (lowercase). */
export const MYSHOPIFY_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
