import { webhookRoute } from "~/http/webhook-route.server";
import { webhookPayloads } from "~/lib/schemas/webhooks";

/** A new order: subscribers whose unique code it used are marked as having used it. */
const handle = webhookRoute("ORDERS_CREATE", webhookPayloads.orderCreate, (shop, order) => ({
  type: "order-codes-used",
  shop,
  codes: order.discount_codes.map((discount) => discount.code),
}));

export const loader = handle;
export const action = handle;
