import { createVerify } from "node:crypto";
import { z } from "zod";
import { malformed, unauthorized } from "~/server/domain-errors.server";
import { verificationKeyOf } from "~/services/email/webhook-secrets.server";
import {
  assertFresh,
  type EmailEvent,
  jsonOf,
  requiredHeader,
  type VerifiedDelivery,
  type WebhookDelivery,
} from "./events.server";

/**
 * SendGrid's Signed Event Webhook: an ECDSA (P-256, SHA-256) signature of the timestamp header followed by
 * the raw body, in X-Twilio-Email-Event-Webhook-Signature (base64 DER), checked with the verification key
 * SendGrid shows (base64 DER SubjectPublicKeyInfo). Events are taken once each (sg_event_id).
 */

const SIGNATURE = "x-twilio-email-event-webhook-signature";
const TIMESTAMP = "x-twilio-email-event-webhook-timestamp";

const event = z.object({
  event: z.string(),
  email: z.string(),
  sg_event_id: z.string().min(1).max(200),
  type: z.string().optional(),
  reason: z.string().optional(),
  status: z.string().optional(),
});
const events = z.array(event).max(5_000);

/** bounce (type bounce): refused for good; bounce (type blocked): refused for now; spamreport: a complaint. */
function eventOf(item: z.infer<typeof event>): EmailEvent[] {
  const reason = `SendGrid: ${item.reason ?? item.event}${item.status ? ` (${item.status})` : ""}`;
  if (item.event === "spamreport") return [{ kind: "complaint", email: item.email, reason }];
  if (item.event !== "bounce") return [];
  return [{ kind: item.type === "blocked" ? "soft-bounce" : "bounce", email: item.email, reason }];
}

export function verifySendgrid(delivery: WebhookDelivery, verificationKey: string): VerifiedDelivery {
  const signature = requiredHeader(delivery, SIGNATURE);
  const timestamp = requiredHeader(delivery, TIMESTAMP);
  const verifier = createVerify("sha256");
  verifier.update(timestamp);
  verifier.update(delivery.body);
  const publicKey = verificationKeyOf(verificationKey);
  if (!publicKey) throw unauthorized("The store's SendGrid verification key is not a public key");
  if (!verifier.verify(publicKey, signature, "base64"))
    throw unauthorized("The SendGrid signature does not match");
  assertFresh(Number(timestamp));
  const parsed = events.safeParse(jsonOf(delivery.body));
  if (!parsed.success) throw malformed("The body is not a list of SendGrid events");
  return { reports: parsed.data.map((item) => ({ receipt: item.sg_event_id, events: eventOf(item) })) };
}
