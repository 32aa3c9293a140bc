import { webhookRoute } from "~/http/webhook-route.server";
import { webhookPayloads } from "~/lib/schemas/webhooks";

/** The merchant granted or revoked optional scopes: the stored sessions record the current ones. */
const handle = webhookRoute("APP_SCOPES_UPDATE", webhookPayloads.scopesUpdate, (shop, payload) => ({
  type: "shop-scopes-updated",
  shop,
  scopes: payload.current,
}));

export const loader = handle;
export const action = handle;
