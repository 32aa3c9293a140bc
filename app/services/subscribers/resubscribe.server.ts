import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import { countWithin, type RateRule } from "~/server/rate-limit.server";
import { awaitsConfirmation } from "~/services/email/mail-context.server";
import { sendSubscriberMailAgain } from "~/services/email/subscriber-mail.server";
import { queueConsentSync } from "~/services/shopify/consent-sync.server";
import { SUBSCRIBE_ANSWERS, type SubscribeResponse } from "../../../popup/config";

/** This submission's consent record: the page, client address and user agent (the time is the database's). */
export type Consent = { consentPageUrl: string | null; consentIp: string; consentUserAgent: string };

type Options = { preferences: { enableDoubleOptIn: boolean }; consentSyncEnabled: boolean };

/**
 * However often an address on the list is submitted, its mail goes again at most once a day: a
 * stranger cannot flood the inbox. The message is never shown (the excess is silently not sent).
 */
const resendPerAddress: RateRule = {
  name: "subscriber-resend",
  limit: 1,
  windowMs: 24 * 60 * 60 * 1000,
  message: "The email was already sent again today",
};

/**
 * An address already on the list. Its code is never in the answer (anyone can type an address): it
 * goes to the inbox again, or the confirmation request does while one is awaited. A former subscriber
 * gives consent anew (see renewConsent).
 */
export async function subscribeAgain(
  storeId: string,
  email: string,
  consent: Consent,
  options: Options,
): Promise<SubscribeResponse> {
  const doubleOptIn = options.preferences.enableDoubleOptIn;
  const renewed = await renewConsent(storeId, email, consent, doubleOptIn);
  const subscriber = renewed ?? (await subscriberByEmail(storeId, email));
  if (!subscriber) return { message: SUBSCRIBE_ANSWERS.sentToInbox };
  if (renewed && !doubleOptIn && options.consentSyncEnabled) await queueConsentSync(subscriber.id);
  const confirming = awaitsConfirmation(subscriber);
  if (await countWithin(resendPerAddress, `${storeId}:${email.toLowerCase()}`))
    await sendSubscriberMailAgain(subscriber.id, confirming ? "confirmation" : "welcome");
  return { message: confirming ? SUBSCRIBE_ANSWERS.confirm : SUBSCRIBE_ANSWERS.sentToInbox };
}

const consentState = {
  id: subscribers.id,
  confirmationRequired: subscribers.confirmationRequired,
  confirmedAt: subscribers.confirmedAt,
  isActive: subscribers.isActive,
  unsubscribedAt: subscribers.unsubscribedAt,
  consentedAt: subscribers.consentedAt,
};

const sameAddress = (storeId: string, email: string) =>
  and(eq(subscribers.storeId, storeId), sql`lower(${subscribers.email}) = ${email.toLowerCase()}`);

/**
 * A former subscriber signing up again: this submission's consent replaces the old record. Without
 * double opt-in they are active again; with it they stay inactive until they confirm (their unsubscribe
 * stays on record until then).
 */
async function renewConsent(storeId: string, email: string, consent: Consent, doubleOptIn: boolean) {
  const [renewed] = await db()
    .update(subscribers)
    .set({
      ...consent,
      source: "popup",
      consentedAt: sql`now()`,
      confirmationRequired: doubleOptIn,
      ...(doubleOptIn ? { confirmedAt: null } : { isActive: true, unsubscribedAt: null }),
    })
    .where(and(sameAddress(storeId, email), eq(subscribers.isActive, false)))
    .returning(consentState);
  return renewed;
}

async function subscriberByEmail(storeId: string, email: string) {
  const [subscriber] = await db().select(consentState).from(subscribers).where(sameAddress(storeId, email));
  return subscriber;
}
