import { z } from "zod";

/**
 * The parts of Shopify webhook payloads (Admin API 2025-10) the app reads; everything else is ignored, so a
 * field Shopify adds later never makes a delivery fail.
 */
const customer = z.object({
  id: z
    .number()
    .nullish()
    .transform((id) => id ?? null),
  email: z
    .string()
    .nullish()
    .transform((email) => email || null),
});

/** The shop named in a signed body (the X-Shopify-Shop-Domain header is not signed). */
const signedShop = z.string().min(1);

export const webhookPayloads = {
  /** app/uninstalled: the shop resource, which names the shop. */
  uninstalled: z.object({ myshopify_domain: signedShop }),
  /** app/scopes_update: the scopes granted before and now. */
  scopesUpdate: z.object({ current: z.array(z.string()) }),
  /** orders/create: the codes applied to the order. */
  orderCreate: z.object({
    discount_codes: z
      .array(z.object({ code: z.string() }))
      .nullish()
      .transform((codes) => codes ?? []),
  }),
  /** customers/data_request and customers/redact: the shop and the customer concerned. */
  customerRequest: z.object({ shop_domain: signedShop, customer }),
  /** shop/redact: only the shop. */
  shopRedact: z.object({ shop_domain: signedShop }),
};

/** The shop a parsed payload names, for the topics whose body carries one; null for the others (orders/create). */
export function shopNamedIn(payload: unknown): string | null {
  if (typeof payload !== "object" || payload === null) return null;
  if ("shop_domain" in payload && typeof payload.shop_domain === "string") return payload.shop_domain;
  if ("myshopify_domain" in payload && typeof payload.myshopify_domain === "string")
    return payload.myshopify_domain;
  return null;
}
