import { createHmac } from "node:crypto";
import { z } from "zod";
import { malformed, unauthorized } from "~/server/domain-errors.server";
import {
  assertFresh,
  type EmailEvent,
  jsonOf,
  sameSecret,
  type VerifiedDelivery,
  type WebhookDelivery,
} from "./events.server";

/**
 * Mailgun's webhooks: `signature.signature` is the hex HMAC-SHA256 of `timestamp` and `token` joined, keyed
 * with the HTTP webhook signing key. Mailgun asks that a token be used once and the timestamp be recent:
 * the token is the request's receipt.
 */

const payload = z.object({
  signature: z.object({
    timestamp: z.string().max(20),
    token: z.string().min(1).max(200),
    signature: z.string().max(200),
  }),
  "event-data": z.object({
    event: z.string(),
    recipient: z.string(),
    severity: z.string().optional(),
    reason: z.string().optional(),
    "delivery-status": z
      .object({
        code: z.number().optional(),
        message: z.string().optional(),
        description: z.string().optional(),
      })
      .optional(),
  }),
});

/** failed (permanent): a bounce; complained: a complaint. A temporary failure Mailgun retries itself: ignored. */
function eventsOf(data: z.infer<typeof payload>["event-data"]): EmailEvent[] {
  const status = data["delivery-status"];
  const detail = status?.description || status?.message || data.reason || data.event;
  const reason = `Mailgun: ${status?.code ? `${status.code} ` : ""}${detail}`;
  if (data.event === "complained") return [{ kind: "complaint", email: data.recipient, reason }];
  if (data.event === "failed" && data.severity === "permanent")
    return [{ kind: "bounce", email: data.recipient, reason }];
  return [];
}

export function verifyMailgun(delivery: WebhookDelivery, signingKey: string): VerifiedDelivery {
  const parsed = payload.safeParse(jsonOf(delivery.body));
  if (!parsed.success) throw malformed("The body is not a Mailgun webhook");
  const { timestamp, token, signature } = parsed.data.signature;
  const expected = createHmac("sha256", signingKey)
    .update(timestamp + token)
    .digest("hex");
  if (!sameSecret(signature.toLowerCase(), expected))
    throw unauthorized("The Mailgun signature does not match");
  assertFresh(Number(timestamp));
  return { reports: [{ receipt: token, events: eventsOf(parsed.data["event-data"]) }] };
}
