import { webhookRoute } from "~/http/webhook-route.server";
import { webhookPayloads } from "~/lib/schemas/webhooks";

/** A checkout changed: a subscriber's may start the store's abandoned-checkout flow once left long enough. */
const handle = webhookRoute("CHECKOUTS_UPDATE", webhookPayloads.checkout, (shop, checkout) => ({
  type: "checkout-updated",
  shop,
  checkout,
}));

export const loader = handle;
export const action = handle;
