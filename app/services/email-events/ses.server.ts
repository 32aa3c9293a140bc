import { createVerify, X509Certificate } from "node:crypto";
import { z } from "zod";
import { malformed, unauthorized } from "~/server/domain-errors.server";
import { env } from "~/server/env.server";
import { ttlCache } from "~/server/ttl-cache.server";
import {
  assertFresh,
  type EmailEvent,
  jsonOf,
  sameSecret,
  type VerifiedDelivery,
  type WebhookDelivery,
} from "./events.server";

/**
 * Amazon SES notifications through Amazon SNS, verified as AWS documents it ("Verifying the signatures of
 * Amazon SNS messages"): the signing certificate comes over HTTPS from an SNS host only, the signature
 * (SHA1 for SignatureVersion 1, SHA256 for 2) covers the documented fields in their documented order, and a
 * message of any topic but the store's is refused. A SubscriptionConfirmation is confirmed by visiting its
 * SubscribeURL, which must be an SNS host too.
 */

/** SNS's hosts: sns.<region>.amazonaws.com (and .com.cn in China), as AWS's own validators check. */
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/**
 * SNS retries a delivery with the message as first signed (its Timestamp too) for up to an hour with a
 * custom delivery policy; an older message is a replay.
 */
const SNS_TOLERANCE_SECONDS = 60 * 60;

const snsMessage = z.object({
  Type: z.enum(["Notification", "SubscriptionConfirmation", "UnsubscribeConfirmation"]),
  MessageId: z.string().min(1).max(200),
  TopicArn: z.string().min(1).max(500),
  Message: z.string().max(200_000),
  Timestamp: z.string().min(1).max(100),
  SignatureVersion: z.enum(["1", "2"]),
  Signature: z.string().min(1).max(2_000),
  SigningCertURL: z.string().min(1).max(2_000),
  Subject: z.string().max(1_000).optional(),
  SubscribeURL: z.string().max(2_000).optional(),
  Token: z.string().max(2_000).optional(),
});
type SnsMessage = z.infer<typeof snsMessage>;

/** The fields the signature covers, in AWS's order: a Notification's, and a (Un)SubscriptionConfirmation's. */
const SIGNED_FIELDS = {
  Notification: ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"],
  SubscriptionConfirmation: [
    "Message",
    "MessageId",
    "SubscribeURL",
    "Timestamp",
    "Token",
    "TopicArn",
    "Type",
  ],
} as const;

function stringToSign(message: SnsMessage): string {
  const fields =
    message.Type === "Notification" ? SIGNED_FIELDS.Notification : SIGNED_FIELDS.SubscriptionConfirmation;
  return fields
    .filter((field) => message[field] !== undefined)
    .map((field) => `${field}\n${message[field]}\n`)
    .join("");
}

/** An SNS URL (certificate, subscription): HTTPS on an SNS host, or the test suite's own origin when set. */
function snsUrl(value: string | undefined): URL {
  const url = URL.canParse(value ?? "") ? new URL(value ?? "") : undefined;
  const testOrigin = env().SNS_TRUSTED_TEST_ORIGIN;
  if (url && testOrigin && url.origin === testOrigin) return url;
  if (url?.protocol !== "https:" || !SNS_HOST.test(url.hostname) || url.port !== "")
    throw unauthorized("The URL is not Amazon SNS's");
  return url;
}

/** Certificates by URL: SNS signs with a few for months, and each message would fetch its own otherwise. */
const certificates = ttlCache<X509Certificate>(60 * 60_000);

async function certificateAt(url: URL): Promise<X509Certificate> {
  const certificate = await certificates.remember(url.href, async () => {
    const response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(5_000) }).catch(
      () => null,
    );
    const pem = response?.ok ? await response.text().catch(() => "") : "";
    try {
      return new X509Certificate(pem);
    } catch {
      return undefined;
    }
  });
  if (!certificate) throw unauthorized("The signing certificate could not be read");
  const now = Date.now();
  if (Date.parse(certificate.validFrom) > now || Date.parse(certificate.validTo) < now)
    throw unauthorized("The signing certificate is not valid now");
  return certificate;
}

async function verifySignature(message: SnsMessage): Promise<void> {
  const certificate = await certificateAt(snsUrl(message.SigningCertURL));
  const verifier = createVerify(message.SignatureVersion === "2" ? "RSA-SHA256" : "RSA-SHA1");
  verifier.update(stringToSign(message), "utf8");
  if (!verifier.verify(certificate.publicKey, message.Signature, "base64"))
    throw unauthorized("The SNS signature does not match");
}

const address = z.object({ emailAddress: z.string() });
const sesNotification = z.object({
  notificationType: z.string().optional(),
  eventType: z.string().optional(),
  bounce: z
    .object({
      bounceType: z.string(),
      bounceSubType: z.string().optional(),
      bouncedRecipients: z.array(address.extend({ diagnosticCode: z.string().optional() })),
    })
    .optional(),
  complaint: z
    .object({ complainedRecipients: z.array(address), complaintFeedbackType: z.string().optional() })
    .optional(),
});

/** SES's notification (or event publishing's event) as events: Permanent bounces, Transient ones, complaints. */
function sesEvents(text: string): EmailEvent[] {
  const parsed = sesNotification.safeParse(jsonOf(Buffer.from(text)));
  if (!parsed.success) return [];
  const { bounce, complaint } = parsed.data;
  const type = parsed.data.notificationType ?? parsed.data.eventType;
  if (type === "Bounce" && bounce && bounce.bounceType !== "Undetermined")
    return bounce.bouncedRecipients.map((recipient) => ({
      kind: bounce.bounceType === "Permanent" ? "bounce" : "soft-bounce",
      email: recipient.emailAddress,
      reason: `Amazon SES: ${recipient.diagnosticCode ?? `${bounce.bounceType} bounce (${bounce.bounceSubType ?? "General"})`}`,
    }));
  if (type === "Complaint" && complaint)
    return complaint.complainedRecipients.map((recipient) => ({
      kind: "complaint",
      email: recipient.emailAddress,
      reason: `Amazon SES: complaint${complaint.complaintFeedbackType ? ` (${complaint.complaintFeedbackType})` : ""}`,
    }));
  return [];
}

/** `topicArn`: the store's SNS topic (Settings); a message of another topic is refused. */
export async function verifySes(delivery: WebhookDelivery, topicArn: string): Promise<VerifiedDelivery> {
  const parsed = snsMessage.safeParse(jsonOf(delivery.body));
  if (!parsed.success) throw malformed("The body is not an Amazon SNS message");
  const message = parsed.data;
  if (!sameSecret(message.TopicArn, topicArn)) throw unauthorized("The SNS topic is not this store's");
  assertFresh(Date.parse(message.Timestamp) / 1000, SNS_TOLERANCE_SECONDS);
  await verifySignature(message);
  const receipt = message.MessageId;
  if (message.Type === "SubscriptionConfirmation")
    return { reports: [{ receipt, events: [] }], confirmSubscription: snsUrl(message.SubscribeURL) };
  const events = message.Type === "Notification" ? sesEvents(message.Message) : [];
  return { reports: [{ receipt, events }] };
}

/** Confirms the store's SNS subscription (the SubscribeURL of a verified SubscriptionConfirmation). */
export async function confirmSnsSubscription(url: URL): Promise<boolean> {
  const response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(5_000) }).catch(
    () => null,
  );
  return response?.ok ?? false;
}
