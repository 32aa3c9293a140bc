import { z } from "zod";
import { malformed, unauthorized } from "~/server/domain-errors.server";
import {
  type EmailEvent,
  jsonOf,
  requiredHeader,
  sameSecret,
  type VerifiedDelivery,
  type WebhookDelivery,
} from "./events.server";

/**
 * Postmark's bounce and spam complaint webhooks. Postmark signs nothing: its documented protection is HTTP
 * basic auth in the webhook URL (https://user:password@…), which it sends with every request; the password
 * is the store's secret. A record is taken once (its RecordType and ID), so a replay changes nothing.
 */

const record = z.object({
  RecordType: z.string(),
  ID: z.union([z.number(), z.string()]),
  Email: z.string(),
  Type: z.string().optional(),
  Description: z.string().optional(),
  Details: z.string().optional(),
  /** Postmark deactivated the address: it will not send to it again (a hard bounce, a complaint). */
  Inactive: z.boolean().optional(),
});

/** Bounce types Postmark gives for a temporary failure it gave up on; any other, unless inactive, is ignored. */
const SOFT_TYPES = new Set(["SoftBounce", "Transient", "DnsError"]);
const HARD_TYPES = new Set(["HardBounce", "BadEmailAddress"]);

function passwordOf(authorization: string): string {
  const [scheme, encoded = ""] = authorization.split(" ");
  if (scheme?.toLowerCase() !== "basic") throw unauthorized("Basic authentication is required");
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  return decoded.slice(decoded.indexOf(":") + 1);
}

function eventsOf(bounce: z.infer<typeof record>): EmailEvent[] {
  const reason = `Postmark: ${bounce.Description ?? bounce.Type ?? bounce.RecordType}${bounce.Details ? ` (${bounce.Details})` : ""}`;
  if (bounce.RecordType === "SpamComplaint") return [{ kind: "complaint", email: bounce.Email, reason }];
  if (bounce.RecordType !== "Bounce") return [];
  if (bounce.Inactive || HARD_TYPES.has(bounce.Type ?? ""))
    return [{ kind: "bounce", email: bounce.Email, reason }];
  return SOFT_TYPES.has(bounce.Type ?? "") ? [{ kind: "soft-bounce", email: bounce.Email, reason }] : [];
}

export function verifyPostmark(delivery: WebhookDelivery, password: string): VerifiedDelivery {
  if (!sameSecret(passwordOf(requiredHeader(delivery, "authorization")), password))
    throw unauthorized("The webhook's credentials are wrong");
  const parsed = record.safeParse(jsonOf(delivery.body));
  if (!parsed.success) throw malformed("The body is not a Postmark bounce or spam complaint");
  return {
    reports: [{ receipt: `${parsed.data.RecordType}:${parsed.data.ID}`, events: eventsOf(parsed.data) }],
  };
}
