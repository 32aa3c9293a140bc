import { webhookRoute } from "~/http/webhook-route.server";
import { webhookPayloads } from "~/lib/schemas/webhooks";

/** GDPR/CCPA access request: what the app holds about the customer is mailed to the merchant's administrators. */
const handle = webhookRoute("CUSTOMERS_DATA_REQUEST", webhookPayloads.customerRequest, (shop, request) => ({
  type: "customer-data-request",
  shop,
  customer: request.customer,
}));

export const loader = handle;
export const action = handle;
