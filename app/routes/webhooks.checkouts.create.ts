import { webhookRoute } from "~/http/webhook-route.server";
import { webhookPayloads } from "~/lib/schemas/webhooks";

/** A checkout begun: a subscriber's may start the store's abandoned-checkout flow once left long enough. */
const handle = webhookRoute("CHECKOUTS_CREATE", webhookPayloads.checkout, (shop, checkout) => ({
  type: "checkout-updated",
  shop,
  checkout,
}));

export const loader = handle;
export const action = handle;
