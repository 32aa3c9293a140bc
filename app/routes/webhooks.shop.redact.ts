import { webhookRoute } from "~/http/webhook-route.server";
import { webhookPayloads } from "~/lib/schemas/webhooks";

/** 48 hours after an uninstall: everything the app holds for the shop is deleted. */
const handle = webhookRoute("SHOP_REDACT", webhookPayloads.shopRedact, (shop) => ({
  type: "shop-redact",
  shop,
}));

export const loader = handle;
export const action = handle;
