import { z } from "zod";

/** SPEC §5: non-ASCII characters are stripped from the access token. */
export const accessTokenInput = z
  .string({ error: "Access token is required" })
  .transform((value) => value.replace(/[^\x21-\x7e]/g, ""))
  .pipe(z.string().min(1, "Access token is required").max(255, "The access token is too long"));

/** POST /api/stores/:id/shopify/verify and /connect: the shop by URL, or by store name / custom domain. */
export const shopifyConnectionSchema = z
  .object({
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
    accessToken: accessTokenInput,
  })
  .refine((value) => Boolean(value.shopifyUrl || value.shopifyStoreName), {
    message: "Enter your store's myshopify.com address",
    path: ["shopifyUrl"],
  });

export type ShopifyConnectionInput = z.infer<typeof shopifyConnectionSchema>;
