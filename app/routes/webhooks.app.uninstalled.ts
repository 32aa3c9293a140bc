import { webhookRoute } from "~/http/webhook-route.server";
import { webhookPayloads } from "~/lib/schemas/webhooks";

/** The merchant uninstalled the app: the store is disconnected, its data kept until shop/redact. */
const handle = webhookRoute("APP_UNINSTALLED", webhookPayloads.uninstalled, (shop) => ({
  type: "shop-uninstalled",
  shop,
}));

export const loader = handle;
export const action = handle;
