import { webhookRoute } from "~/http/webhook-route.server";
import { webhookPayloads } from "~/lib/schemas/webhooks";

/**
 * A new order: subscribers whose unique code it used are marked as having used it, an order that used a
 * popup's code is attributed to that popup (its revenue), and the checkout it completed stops its
 * abandoned-checkout flow runs.
 */
const handle = webhookRoute("ORDERS_CREATE", webhookPayloads.orderCreate, (shop, payload) => ({
  type: "order-codes-used",
  shop,
  codes: payload.discount_codes.map((discount) => discount.code),
  order: payload.order,
  checkoutToken: payload.checkoutToken,
}));

export const loader = handle;
export const action = handle;
