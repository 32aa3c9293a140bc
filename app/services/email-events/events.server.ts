import { timingSafeEqual } from "node:crypto";
import { unauthorized } from "~/server/domain-errors.server";

/**
 * What a provider's bounce and complaint webhook tells, once its request is verified (docs/decisions/174):
 * each address that bounced for good, bounced for now after the provider's own retries, or complained.
 */
export type EmailEvent = { kind: "bounce" | "soft-bounce" | "complaint"; email: string; reason: string };

/** A webhook request as it arrived: its headers (lower-case names) and its body, byte for byte. */
export type WebhookDelivery = { headers: Record<string, string | undefined>; body: Buffer };

/**
 * A verified request: what it reports under the id the provider gives it (one per request, or one per event
 * in SendGrid's batches; an id taken before is a replay), and for Amazon SNS the address that confirms a new
 * subscription.
 */
export type VerifiedDelivery = {
  reports: { receipt: string; events: EmailEvent[] }[];
  confirmSubscription?: URL;
};

/** How far a signed timestamp may be from now: the Svix default, used for every provider that signs one. */
const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/** Refuses a request whose signed time (seconds since the epoch) is outside the tolerance: an old one replayed. */
export function assertFresh(signedAtSeconds: number, toleranceSeconds = TIMESTAMP_TOLERANCE_SECONDS): void {
  if (!Number.isFinite(signedAtSeconds) || Math.abs(Date.now() / 1000 - signedAtSeconds) > toleranceSeconds)
    throw unauthorized("The request's timestamp is too old or in the future");
}

/** Compares two secrets in constant time (different lengths are simply unequal). */
export function sameSecret(given: string | Buffer, expected: string | Buffer): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The request's body as JSON; a body that is not JSON is the sender's mistake (400), never ours. */
export function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

/** The header's value, or a 401 naming it when it is missing. */
export function requiredHeader(delivery: WebhookDelivery, name: string): string {
  const value = delivery.headers[name];
  if (!value) throw unauthorized(`The ${name} header is missing`);
  return value;
}
