import { webhookRoute } from "~/http/webhook-route.server";
import { webhookPayloads } from "~/lib/schemas/webhooks";

/** GDPR/CCPA erasure: the customer's subscriber data is deleted from that shop's store. */
const handle = webhookRoute("CUSTOMERS_REDACT", webhookPayloads.customerRequest, (shop, request) => ({
  type: "customer-redact",
  shop,
  customer: request.customer,
}));

export const loader = handle;
export const action = handle;
