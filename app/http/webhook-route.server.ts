import { WebhookType, WebhookValidationErrorReason } from "@shopify/shopify-api";
import type { z } from "zod";
import { shopNamedIn } from "~/lib/schemas/webhooks";
import { logger } from "~/server/logger.server";
import {
  acceptWebhookOnce,
  handleWebhookOnce,
  type WebhookDelivery,
} from "~/services/shopify/webhooks.server";
import { validateWebhook } from "~/shopify.server";
import type { ShopifyJob } from "../../jobs/payloads";

type VerifiedDelivery = {
  topic: string;
  shop: string;
  eventId: string;
  webhookId: string;
  payload: unknown;
};

/** Malformed JSON is no payload: the route's payload check then refuses it with 400. */
function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The delivery as the library verified it: 405 for anything but a POST, 401 for a bad signature, 400 when
 * Shopify's headers are missing. Every field comes from the checked request, never from a header read
 * around the check.
 */
async function verifyDelivery(request: Request): Promise<VerifiedDelivery> {
  if (request.method !== "POST") throw new Response(null, { status: 405 });
  const rawBody = await request.text();
  const check = await validateWebhook(rawBody, request);
  if (!check.valid) {
    const signatureRefused = check.reason === WebhookValidationErrorReason.InvalidHmac;
    throw new Response(null, { status: signatureRefused ? 401 : 400 });
  }
  return {
    topic: check.topic,
    shop: check.domain,
    // The app subscribes to webhooks, whose X-Shopify-Event-Id names the event (the same on each redelivery).
    eventId: (check.webhookType === WebhookType.Webhooks ? check.eventId : undefined) ?? check.webhookId,
    // Shopify's id of this very delivery: a replay under a fresh event id is still one.
    webhookId: check.webhookId,
    payload: parsedOrUndefined(rawBody),
  };
}

/** Records a delivery once and does (or queues) its work; false for a delivery seen before. */
type Acceptance<T> = (delivery: WebhookDelivery, payload: T) => Promise<boolean>;

/**
 * The path every webhook takes: verifies the delivery (401 on a bad signature, or when the signed body names
 * another shop than the unsigned header), checks the topic and payload, then accepts it once.
 */
function verifiedWebhookRoute<S extends z.ZodType>(
  topic: string,
  payloadSchema: S,
  accept: Acceptance<z.infer<S>>,
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
    const { eventId, webhookId, shop } = delivery;
    const firstDelivery = await accept({ eventId, webhookId, topic, shop }, payload.data);
    logger().info({ topic, shop, firstDelivery }, "webhook received");
    return new Response(null, { status: 200 });
  };
}

/**
 * A webhook route whose work is queued: it answers 200 at once, since Shopify waits only a few seconds,
 * and a redelivered event is acknowledged without being processed again.
 */
export function webhookRoute<S extends z.ZodType>(
  topic: string,
  payloadSchema: S,
  toJob: (shop: string, payload: z.infer<S>) => ShopifyJob,
) {
  return verifiedWebhookRoute(topic, payloadSchema, (delivery, payload) =>
    acceptWebhookOnce(delivery, toJob(delivery.shop, payload)),
  );
}

/**
 * A webhook route whose work is done before it answers: quick work that a queued job could do too late
 * (an uninstall's job running after the merchant has already installed again would undo the new install).
 */
export function webhookRouteDoneInRequest<S extends z.ZodType>(
  topic: string,
  payloadSchema: S,
  work: (shop: string, payload: z.infer<S>) => Promise<void>,
) {
  return verifiedWebhookRoute(topic, payloadSchema, (delivery, payload) =>
    handleWebhookOnce(delivery, () => work(delivery.shop, payload)),
  );
}
