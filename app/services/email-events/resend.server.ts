import { createHmac } from "node:crypto";
import { z } from "zod";
import { malformed, unauthorized } from "~/server/domain-errors.server";
import { signingKeyOf } from "~/services/email/webhook-secrets.server";
import {
  assertFresh,
  type EmailEvent,
  jsonOf,
  requiredHeader,
  sameSecret,
  type VerifiedDelivery,
  type WebhookDelivery,
} from "./events.server";

/**
 * Resend's webhooks, signed by Svix: svix-signature holds one or more space-separated `v1,<base64>`
 * HMAC-SHA256 signatures of `${svix-id}.${svix-timestamp}.${body}`, keyed with the base64 part of the
 * signing secret (whsec_…). The timestamp must be within five minutes, and each svix-id is taken once.
 */

const payload = z.object({
  type: z.string(),
  data: z.object({
    to: z.union([z.array(z.string()), z.string()]),
    bounce: z.object({ message: z.string().optional(), type: z.string().optional() }).optional(),
  }),
});

/** email.bounced (Resend sends it for a permanent rejection) and email.complained; other types are ignored. */
function eventsOf({ type, data }: z.infer<typeof payload>): EmailEvent[] {
  const recipients = Array.isArray(data.to) ? data.to : [data.to];
  if (type === "email.complained")
    return recipients.map((email) => ({ kind: "complaint", email, reason: "Resend: marked as spam" }));
  if (type !== "email.bounced") return [];
  const reason = `Resend: ${data.bounce?.message ?? "bounced"}`;
  return recipients.map((email) => ({ kind: "bounce", email, reason }));
}

export function verifyResend(delivery: WebhookDelivery, secret: string): VerifiedDelivery {
  const id = requiredHeader(delivery, "svix-id");
  const timestamp = requiredHeader(delivery, "svix-timestamp");
  const signatures = requiredHeader(delivery, "svix-signature");
  const key = signingKeyOf(secret);
  if (!key) throw unauthorized("The store's Resend signing secret is not in its form");
  const expected = createHmac("sha256", key)
    .update(`${id}.${timestamp}.`)
    .update(delivery.body)
    .digest("base64");
  const matches = signatures
    .split(" ")
    .some((entry) => entry.startsWith("v1,") && sameSecret(entry.slice(3), expected));
  if (!matches) throw unauthorized("The Svix signature does not match");
  assertFresh(Number(timestamp));
  const parsed = payload.safeParse(jsonOf(delivery.body));
  if (!parsed.success) throw malformed("The body is not a Resend webhook event");
  return { reports: [{ receipt: id, events: eventsOf(parsed.data) }] };
}
