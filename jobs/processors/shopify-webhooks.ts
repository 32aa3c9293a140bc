import { redactCustomer, redactShop, reportCustomerData } from "~/services/shopify/compliance.server";
import { markCodesUsedInOrder } from "~/services/shopify/coupon-sync.server";
import { recordGrantedScopes } from "~/services/shopify/shop-lifecycle.server";
import { attributeOrder } from "~/services/stores/revenue.server";
import type { WebhookJob } from "../payloads";

export async function processWebhookJob(job: WebhookJob): Promise<unknown> {
  switch (job.type) {
    case "shop-scopes-updated":
      return recordGrantedScopes(job.shop, job.scopes);
    case "order-codes-used":
      if (job.order) await attributeOrder(job.shop, job.codes, job.order);
      return markCodesUsedInOrder(job.shop, job.codes);
    case "customer-data-request":
      return reportCustomerData(job.shop, job.customer);
    case "customer-redact":
      return redactCustomer(job.shop, job.customer);
    case "shop-redact":
      return redactShop(job.shop);
  }
}
