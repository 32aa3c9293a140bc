import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { webhookEvents } from "~/db/schema";
import { enqueue } from "../../../jobs/client";
import type { ShopifyJob } from "../../../jobs/payloads";

/**
 * One verified webhook delivery: Shopify's event id (the same on every redelivery), the delivery's own
 * webhook id, topic and shop.
 */
export type WebhookDelivery = { eventId: string; webhookId: string | null; topic: string; shop: string };

/**
 * Records the delivery and does its work, once per event id and once per webhook id: a redelivery (Shopify
 * retries, or a replayed request under either id) is acknowledged without doing anything again. When the
 * work fails, the record is removed so that Shopify's retry is not mistaken for a duplicate.
 */
export async function handleWebhookOnce(
  delivery: WebhookDelivery,
  work: () => Promise<unknown>,
): Promise<boolean> {
  const [fresh] = await db()
    .insert(webhookEvents)
    .values(delivery)
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  if (!fresh) return false;
  try {
    await work();
  } catch (error) {
    await db().delete(webhookEvents).where(eq(webhookEvents.eventId, delivery.eventId));
    throw error;
  }
  return true;
}

/** Records the delivery once and queues its job (Shopify waits only a few seconds for the answer). */
export function acceptWebhookOnce(delivery: WebhookDelivery, job: ShopifyJob): Promise<boolean> {
  // The event table already answers "seen before?"; the job's data (emails, for compliance topics) need not
  // stay, whether the job succeeded or failed for good.
  return handleWebhookOnce(delivery, () =>
    enqueue("shopify", job, {
      jobId: `webhook-${delivery.eventId}`,
      removeWhenDone: true,
      removeWhenFailed: true,
    }),
  );
}
