import { webhookRouteDoneInRequest } from "~/http/webhook-route.server";
import { webhookPayloads } from "~/lib/schemas/webhooks";
import { disconnectUninstalledShop } from "~/services/shopify/shop-lifecycle.server";

/**
 * The merchant uninstalled the app: the store is disconnected and the shop's sessions deleted in the request
 * itself (two quick statements, as Shopify's template does), so a reinstall moments later cannot be undone
 * by work still waiting in a queue. Its data stays until shop/redact.
 */
const handle = webhookRouteDoneInRequest("APP_UNINSTALLED", webhookPayloads.uninstalled, (shop) =>
  disconnectUninstalledShop(shop),
);

export const loader = handle;
export const action = handle;
