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

export const webhookPayloads = {
  /** app/uninstalled: the shop resource; the shop domain comes from the verified headers. */
  uninstalled: z.object({}),
  /** app/scopes_update: the scopes granted before and now. */
  scopesUpdate: z.object({ current: z.array(z.string()) }),
  /** orders/create: the codes applied to the order. */
  orderCreate: z.object({
    discount_codes: z
      .array(z.object({ code: z.string() }))
      .nullish()
      .transform((codes) => codes ?? []),
  }),
  /** customers/data_request and customers/redact: the customer concerned. */
  customerRequest: z.object({ customer }),
  /** shop/redact: only the shop. */
  shopRedact: z.object({}),
};
