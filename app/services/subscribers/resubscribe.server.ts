import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import { SUBSCRIBE_ANSWERS, type SubscribeResponse } from "../../../popup/config";
import { afterReturningSubscriber, type SubscriptionContext } from "./after-subscribe.server";

/**
 * This submission's consent record: the page, client address and user agent, and the version of the consent
 * sentence shown (the time is the database's).
 */
export type Consent = {
  consentPageUrl: string | null;
  consentIp: string;
  consentUserAgent: string;
  consentVersion: string;
};

/**
 * An address already on the list: a former subscriber gives consent anew (see renewConsent); what follows
 * (the email again, the answer) is the subscription flow's.
 */
export async function subscribeAgain(
  storeId: string,
  email: string,
  consent: Consent,
  context: SubscriptionContext,
  confirm: boolean,
): Promise<SubscribeResponse> {
  const renewed = await renewConsent(storeId, email, consent, confirm);
  const subscriber = renewed ?? (await subscriberByEmail(storeId, email));
  if (!subscriber) return { message: SUBSCRIBE_ANSWERS.sentToInbox };
  return afterReturningSubscriber({ ...subscriber, storeId, email }, renewed !== undefined, context, confirm);
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
 * A former subscriber signing up again: this submission's consent replaces the old record. Unless asked to
 * confirm (`confirm`: double opt-in, or a Shopify store's failed bot check) they are active again; else they
 * stay inactive until they confirm (their unsubscribe stays on record until then).
 */
async function renewConsent(storeId: string, email: string, consent: Consent, confirm: boolean) {
  const [renewed] = await db()
    .update(subscribers)
    .set({
      ...consent,
      source: "popup",
      importConsent: null,
      consentedAt: sql`now()`,
      consentTimeKnown: true,
      confirmationRequired: confirm,
      ...(confirm
        ? { confirmedAt: null }
        : { isActive: true, unsubscribedAt: null, unsubscribeSource: null }),
    })
    .where(and(sameAddress(storeId, email), eq(subscribers.isActive, false)))
    .returning(consentState);
  return renewed;
}

async function subscriberByEmail(storeId: string, email: string) {
  const [subscriber] = await db().select(consentState).from(subscribers).where(sameAddress(storeId, email));
  return subscriber;
}
