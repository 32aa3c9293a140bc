import { recordCheckout, stopCheckoutRuns } from "~/services/flows/checkouts.server";
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
      if (job.checkoutToken) await stopCheckoutRuns(job.shop, job.checkoutToken);
      return markCodesUsedInOrder(job.shop, job.codes);
    case "checkout-updated":
      return recordCheckout(job.shop, job.checkout);
    case "customer-data-request":
      return reportCustomerData(job.shop, job.customer);
    case "customer-redact":
      return redactCustomer(job.shop, job.customer);
    case "shop-redact":
      return redactShop(job.shop);
  }
}
