import { z } from "zod";

/**
 * The parts of Shopify webhook payloads (Admin API 2026-10) the app reads; everything else is ignored, so a
 * field Shopify adds later never makes a delivery fail. orders/create is delivered with only these fields
 * (include_fields in shopify.app.toml; tests/unit/shopify-app-config.test.ts keeps the two equal).
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

/**
 * The customer's orders a compliance request names (`orders_requested`, `orders_to_redact`), as the Admin API
 * ids revenue attribution stores.
 */
const namedOrders = z
  .array(z.number().int().positive())
  .nullish()
  .transform((ids) => (ids ?? []).map((id) => `gid://shopify/Order/${id}`));

/** numeric(14,2): up to 12 digits before the point and 2 after. */
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * What revenue attribution reads of an order: its id (the Admin API's Order gid is made of it), total, currency
 * and date. `total_price` and `currency` are both in the shop's currency (the presentment currency the buyer
 * saw may differ): a store's revenue then adds up in one currency.
 */
const attributedOrder = z
  .object({
    id: z.number().int().positive(),
    total_price: z.string().regex(MONEY),
    currency: z.string().regex(/^[A-Z]{3}$/),
    created_at: z.iso.datetime({ offset: true }),
  })
  .transform((order) => ({
    orderId: `gid://shopify/Order/${order.id}`,
    total: order.total_price,
    currency: order.currency,
    orderedAt: order.created_at,
  }));

export type AttributedOrder = z.infer<typeof attributedOrder>;

/** A checkout's token: Shopify's are 32 hexadecimal characters; anything of that kind up to 200. */
const checkoutToken = z.string().regex(/^[\w-]{1,200}$/);

/** The shop named in a signed body (the X-Shopify-Shop-Domain header is not signed). */
const signedShop = z.string().min(1);

export const webhookPayloads = {
  /** app/uninstalled: the shop resource, which names the shop. */
  uninstalled: z.object({ myshopify_domain: signedShop }),
  /** app/scopes_update: the scopes granted before and now. */
  scopesUpdate: z.object({ current: z.array(z.string()) }),
  /**
   * orders/create: the codes applied to the order, and the order itself for revenue attribution (null when
   * Shopify's fields are missing or unreadable: the codes are still marked, the order is not attributed).
   */
  orderCreate: z
    .looseObject({
      discount_codes: z
        .array(z.object({ code: z.string() }))
        .nullish()
        .transform((codes) => codes ?? []),
      /** The checkout the order completed: its abandoned-checkout flow runs stop (docs/decisions/192). */
      checkout_token: checkoutToken.nullish().catch(null),
    })
    .transform(({ discount_codes, checkout_token }, context) => ({
      discount_codes,
      checkoutToken: checkout_token ?? null,
      order: attributedOrder.safeParse(context.value).data ?? null,
    })),
  /**
   * checkouts/create and checkouts/update: the checkout's token, its buyer's email (when typed yet), the
   * link that brings the buyer back to it, and whether it became an order.
   */
  checkout: z
    .object({
      token: checkoutToken,
      email: z
        .string()
        .max(320)
        .nullish()
        .transform((email) => email || null),
      abandoned_checkout_url: z
        .url({ protocol: /^https$/ })
        .max(2048)
        .nullish()
        .catch(null),
      completed_at: z.string().nullish(),
      updated_at: z.iso.datetime({ offset: true }).nullish().catch(null),
    })
    .transform((checkout) => ({
      token: checkout.token,
      email: checkout.email ?? null,
      recoveryUrl: checkout.abandoned_checkout_url ?? null,
      completed: Boolean(checkout.completed_at),
      updatedAt: checkout.updated_at ?? null,
    })),
  /** customers/data_request and customers/redact: the shop, the customer concerned and the orders named. */
  customerRequest: z
    .object({
      shop_domain: signedShop,
      customer,
      orders_requested: namedOrders,
      orders_to_redact: namedOrders,
    })
    .transform(({ shop_domain, customer, orders_requested, orders_to_redact }) => ({
      shop_domain,
      customer: { ...customer, orders: [...orders_requested, ...orders_to_redact] },
    })),
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
