import { z } from "zod";
import { redactCustomer, redactShop, reportCustomerData } from "~/services/shopify/compliance.server";
import { markCodesUsedInOrder } from "~/services/shopify/coupon-sync.server";
import { disconnectUninstalledShop, recordGrantedScopes } from "~/services/shopify/shop-lifecycle.server";

const shop = z.string().min(1);
const customer = z.object({ id: z.number().nullable(), email: z.string().nullable() });

/**
 * The work each webhook queues on the shopify queue. Jobs carry what the work needs and no more: a shop
 * domain, codes, a customer's id and email; never a token.
 */
export const webhookJobSchemas = [
  z.object({ type: z.literal("shop-uninstalled"), shop }),
  z.object({ type: z.literal("shop-scopes-updated"), shop, scopes: z.array(z.string()) }),
  z.object({ type: z.literal("order-codes-used"), shop, codes: z.array(z.string()) }),
  z.object({ type: z.literal("customer-data-request"), shop, customer }),
  z.object({ type: z.literal("customer-redact"), shop, customer }),
  z.object({ type: z.literal("shop-redact"), shop }),
] as const;

export type WebhookJob = z.infer<(typeof webhookJobSchemas)[number]>;

export async function processWebhookJob(job: WebhookJob): Promise<unknown> {
  switch (job.type) {
    case "shop-uninstalled":
      return disconnectUninstalledShop(job.shop);
    case "shop-scopes-updated":
      return recordGrantedScopes(job.shop, job.scopes);
    case "order-codes-used":
      return markCodesUsedInOrder(job.shop, job.codes);
    case "customer-data-request":
      return reportCustomerData(job.shop, job.customer);
    case "customer-redact":
      return redactCustomer(job.shop, job.customer);
    case "shop-redact":
      return redactShop(job.shop);
  }
}
