import { backfillConsent } from "~/services/shopify/consent-backfill.server";
import { syncSubscriberConsent } from "~/services/shopify/consent-sync.server";
import { syncCouponUsage } from "~/services/shopify/coupon-sync.server";
import { checkStaticDiscountCode } from "~/services/shopify/discount-codes.server";
import { publishStorefrontSettings } from "~/services/shopify/storefront-settings.server";
import { getSyncProgress, setSyncProgress } from "~/services/shopify/sync-progress.server";
import { issueDeferredCode } from "~/services/subscribers/after-subscribe.server";
import type { ShopifyJob } from "../payloads";
import { processWebhookJob } from "./shopify-webhooks";

/** The sync, reporting how many codes it has checked so the screen can show progress. */
async function syncWithProgress(storeId: string) {
  await setSyncProgress(storeId, { checked: 0, total: 0, running: true });
  try {
    return await syncCouponUsage(
      storeId,
      (checked, total) => void setSyncProgress(storeId, { checked, total, running: true }),
    );
  } finally {
    const { checked, total } = await getSyncProgress(storeId);
    await setSyncProgress(storeId, { checked, total, running: false });
  }
}

export async function processShopifyJob(job: ShopifyJob): Promise<unknown> {
  switch (job.type) {
    case "create-discount-code":
      return issueDeferredCode(job.subscriberId);
    case "sync-coupon-usage":
      return syncWithProgress(job.storeId);
    case "check-discount-code":
      return checkStaticDiscountCode(job.storeId, job.popupId);
    case "consent-sync":
      return syncSubscriberConsent(job.subscriberId);
    case "consent-backfill":
      return backfillConsent(job.storeId);
    case "publish-storefront-settings":
      return publishStorefrontSettings(job.storeId);
    default:
      return processWebhookJob(job);
  }
}
