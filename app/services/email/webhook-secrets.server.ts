import { createPublicKey, type KeyObject } from "node:crypto";
import type { EmailEventsProvider } from "~/lib/schemas/email-events";

/**
 * What each provider's webhook secret must look like (docs/decisions/174): the form its documentation gives,
 * and strong enough that nobody can guess it and sign a forged bounce or complaint. Checked when Settings
 * saves it, and again before a request is verified with it (services/email-events), so that a secret stored
 * before these rules verifies nothing.
 */

/** Resend's signing secret as Svix gives it: whsec_ and the key in (padded) base64. */
const SIGNING_SECRET = /^whsec_((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/;

/** The HMAC key of a signing secret (whsec_…), or null when the secret is not in that form. */
export function signingKeyOf(secret: string): Buffer | null {
  const base64 = SIGNING_SECRET.exec(secret)?.[1];
  return base64 ? Buffer.from(base64, "base64") : null;
}

/**
 * The verification key as SendGrid shows it (base64 DER) or as PEM, when it is an ECDSA P-256 public key (the
 * only kind SendGrid signs with); null otherwise.
 */
export function verificationKeyOf(key: string): KeyObject | null {
  try {
    const parsed = key.includes("BEGIN PUBLIC KEY")
      ? createPublicKey(key)
      : createPublicKey({ key: Buffer.from(key, "base64"), format: "der", type: "spki" });
    return parsed.asymmetricKeyDetails?.namedCurve === "prime256v1" ? parsed : null;
  } catch {
    return null;
  }
}

/** Svix's keys are 24 random bytes; a shorter HMAC key could be guessed. */
const MIN_SVIX_KEY_BYTES = 24;

/** An SNS topic's ARN: arn:aws:sns:<region>:<account>:<name> (and the China and GovCloud partitions). */
const SNS_TOPIC_ARN = /^arn:aws(-cn|-us-gov)?:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/;

/** Mailgun's HTTP webhook signing keys: 32 or more letters, digits and dashes (older ones start key-). */
const MAILGUN_SIGNING_KEY = /^[A-Za-z0-9-]{32,}$/;

/** The password goes in the webhook URL as typed (https://postmark:PASSWORD@…): URL-safe characters only. */
const POSTMARK_PASSWORD = /^[A-Za-z0-9._~-]{24,}$/;

const FORMATS: Record<EmailEventsProvider, { accepts: (secret: string) => boolean; message: string }> = {
  ses: {
    accepts: (arn) => SNS_TOPIC_ARN.test(arn),
    message: "Enter the topic's ARN, such as arn:aws:sns:us-east-1:123456789012:ses-bounces",
  },
  postmark: {
    accepts: (password) => POSTMARK_PASSWORD.test(password),
    message:
      "Choose a Postmark webhook password of at least 24 letters, digits or - . _ ~ (it goes in the webhook URL)",
  },
  sendgrid: {
    accepts: (key) => verificationKeyOf(key) !== null,
    message:
      "Paste SendGrid's verification key as shown: the base64 ECDSA (P-256) public key of the Signed Event Webhook",
  },
  mailgun: {
    accepts: (key) => MAILGUN_SIGNING_KEY.test(key),
    message:
      "Paste Mailgun's HTTP webhook signing key as shown (Sending → Webhooks): at least 32 letters, digits or dashes",
  },
  resend: {
    accepts: (secret) => (signingKeyOf(secret)?.length ?? 0) >= MIN_SVIX_KEY_BYTES,
    message: `Paste Resend's signing secret as shown: whsec_ followed by its base64 key of at least ${MIN_SVIX_KEY_BYTES} bytes`,
  },
};

/** Why `secret` cannot be the provider's webhook secret, naming the form it takes; null when it can. */
export function webhookSecretProblem(provider: EmailEventsProvider, secret: string): string | null {
  const format = FORMATS[provider];
  return format.accepts(secret) ? null : format.message;
}
