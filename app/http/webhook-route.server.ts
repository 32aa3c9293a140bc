import type { z } from "zod";
import { logger } from "~/services/logger.server";
import { acceptWebhookOnce } from "~/services/shopify-webhooks.server";
import { authenticate } from "~/shopify.server";
import type { ShopifyJob } from "../../jobs/processors/shopify";

/**
 * A webhook route: verifies the delivery's HMAC (401 otherwise, thrown by authenticate.webhook), checks the
 * topic and payload, records the event once and queues its work, then answers 200 at once: Shopify waits
 * only a few seconds, and a redelivered event is acknowledged without being processed again.
 */
export function webhookRoute<S extends z.ZodType>(
  topic: string,
  payloadSchema: S,
  toJob: (shop: string, payload: z.infer<S>) => ShopifyJob,
) {
  return async ({ request }: { request: Request }) => {
    const delivery = await authenticate.webhook(request);
    const payload = payloadSchema.safeParse(delivery.payload);
    if (delivery.topic !== topic || !payload.success) {
      logger().warn({ topic: delivery.topic, shop: delivery.shop, expected: topic }, "webhook refused");
      return new Response(null, { status: 400 });
    }
    const queued = await acceptWebhookOnce(
      { eventId: delivery.eventId ?? delivery.webhookId, topic, shop: delivery.shop },
      toJob(delivery.shop, payload.data),
    );
    logger().info({ topic, shop: delivery.shop, queued }, "webhook received");
    return new Response(null, { status: 200 });
  };
}
