import type { z } from "zod";
import { shopNamedIn } from "~/lib/schemas/webhooks";
import { logger } from "~/server/logger.server";
import { acceptWebhookOnce } from "~/services/shopify/webhooks.server";
import { authenticate } from "~/shopify.server";
import type { ShopifyJob } from "../../jobs/payloads";

type VerifiedDelivery = { topic: string; shop: string; eventId: string; payload: unknown };

/** The delivery as its verified headers and body describe it (the same fields authenticate.webhook reads). */
async function deliveryFromRequest(request: Request): Promise<VerifiedDelivery> {
  const header = (name: string) => request.headers.get(name) ?? "";
  return {
    topic: header("X-Shopify-Topic").toUpperCase().replace(/[/.]/g, "_"),
    shop: header("X-Shopify-Shop-Domain"),
    eventId: header("X-Shopify-Event-Id") || header("X-Shopify-Webhook-Id"),
    payload: parsedOrUndefined(await request.text()),
  };
}

/** Malformed JSON is no payload: the route's payload check then refuses it with 400. */
function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * authenticate.webhook checks the HMAC first (401, or 400/405 for a malformed request), then loads the shop's
 * offline session and refreshes an expired token. After an uninstall that refresh is refused (a 5xx or an
 * error): the delivery is genuine all the same, and no webhook work needs the session, so it goes on.
 */
async function verifyDelivery(request: Request): Promise<VerifiedDelivery> {
  const copy = request.clone();
  try {
    const delivery = await authenticate.webhook(request);
    return {
      topic: String(delivery.topic),
      shop: delivery.shop,
      eventId: delivery.eventId ?? delivery.webhookId,
      payload: delivery.payload,
    };
  } catch (error) {
    if (error instanceof Response && error.status < 500) throw error;
    logger().warn({ err: error }, "webhook verified, but the shop's session could not be refreshed");
    return deliveryFromRequest(copy);
  }
}

/**
 * A webhook route: verifies the delivery (401 on a bad signature, or when the signed body names another shop
 * than the unsigned header), checks the topic and payload, records the event once and queues its work, then
 * answers 200 at once: Shopify waits only a few seconds, and a redelivered event is acknowledged without
 * being processed again.
 */
export function webhookRoute<S extends z.ZodType>(
  topic: string,
  payloadSchema: S,
  toJob: (shop: string, payload: z.infer<S>) => ShopifyJob,
) {
  return async ({ request }: { request: Request }) => {
    const delivery = await verifyDelivery(request);
    const payload = payloadSchema.safeParse(delivery.payload);
    if (delivery.topic !== topic || !payload.success) {
      logger().warn({ topic: delivery.topic, shop: delivery.shop, expected: topic }, "webhook refused");
      return new Response(null, { status: 400 });
    }
    const namedShop = shopNamedIn(payload.data);
    if (namedShop !== null && namedShop !== delivery.shop) {
      logger().warn(
        { topic, shop: delivery.shop, namedShop },
        "webhook refused: its body names another shop",
      );
      return new Response(null, { status: 401 });
    }
    // Shopify's id of this very delivery (authenticate.webhook's webhookId): a replay under a fresh event id is still one.
    const webhookId = request.headers.get("X-Shopify-Webhook-Id") || null;
    const queued = await acceptWebhookOnce(
      { eventId: delivery.eventId, webhookId, topic, shop: delivery.shop },
      toJob(delivery.shop, payload.data),
    );
    logger().info({ topic, shop: delivery.shop, queued }, "webhook received");
    return new Response(null, { status: 200 });
  };
}
