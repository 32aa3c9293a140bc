import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stores, subscribers } from "~/db/schema";
import { verifySubscriberToken } from "~/services/email/links.server";
import { queueConsentSync } from "~/services/shopify/consent-sync.server";
import { enqueue } from "../../../jobs/client";
import { afterConfirmation } from "./after-subscribe.server";

/** The subscriber a link names, with their store's name, or null when the link is not ours. */
export async function subscriberForLink(purpose: "unsubscribe" | "confirm", token: string) {
  const subscriberId = verifySubscriberToken(purpose, token);
  if (!subscriberId) return null;
  const [row] = await db()
    .select({
      email: subscribers.email,
      isActive: subscribers.isActive,
      confirmedAt: subscribers.confirmedAt,
      language: subscribers.language,
      storeName: stores.name,
    })
    .from(subscribers)
    .innerJoin(stores, eq(stores.id, subscribers.storeId))
    .where(eq(subscribers.id, subscriberId));
  return row ?? null;
}

/**
 * RFC 8058 one-click unsubscribe: idempotent; no further mail goes to an inactive subscriber, and a
 * consent-synced Shopify customer becomes UNSUBSCRIBED. A former subscriber whose renewed subscription
 * awaits confirmation (inactive, consent newer than the last unsubscribe) is unsubscribed again too.
 * Answers null when the link is not ours, else whom it names and whether this call unsubscribed them
 * (`justNow`; false when they already were).
 */
export async function unsubscribe(token: string): Promise<{ subscriberId: string; justNow: boolean } | null> {
  const subscriberId = verifySubscriberToken("unsubscribe", token);
  if (!subscriberId) return null;
  const [changed] = await db()
    .update(subscribers)
    .set({ isActive: false, unsubscribedAt: sql`now()`, unsubscribeSource: "subscriber" })
    .where(
      and(
        eq(subscribers.id, subscriberId),
        or(eq(subscribers.isActive, true), lt(subscribers.unsubscribedAt, subscribers.consentedAt)),
      ),
    )
    .returning({ storeId: subscribers.storeId });
  if (changed) {
    await enqueue("email", { type: "unsubscribe-check", storeId: changed.storeId });
    await queueConsentSync(subscriberId);
  }
  return { subscriberId, justNow: Boolean(changed) };
}

/**
 * Double opt-in confirmation: records it once and makes the address active (a returning subscriber stayed
 * inactive until now); the welcome email and the consent sync follow (afterConfirmation).
 */
export async function confirmSubscription(token: string): Promise<boolean> {
  const subscriberId = verifySubscriberToken("confirm", token);
  if (!subscriberId) return false;
  const [confirmed] = await db()
    .update(subscribers)
    .set({ confirmedAt: sql`now()`, isActive: true, unsubscribedAt: null, unsubscribeSource: null })
    .where(and(eq(subscribers.id, subscriberId), isNull(subscribers.confirmedAt)))
    .returning({ storeId: subscribers.storeId });
  if (confirmed) await afterConfirmation(subscriberId, confirmed.storeId);
  return true;
}
