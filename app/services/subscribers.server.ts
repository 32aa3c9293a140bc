import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import type { SubscribeBody } from "~/lib/schemas/subscribe";
import { enqueue } from "../../jobs/client";
import type { PublicPopupConfig } from "../../popup/config";
import { POPUP_MESSAGES, validateSubscriber } from "../../popup/validation";
import { HttpError } from "./errors.server";
import { queueSubscriberDigest } from "./notifications.server";
import { type Preferences, preferencesForStore } from "./preferences.server";

export type ConsentMeta = { ip: string; userAgent: string };

const THANK_YOU = "Thank you for subscribing!";

/**
 * A storefront subscription: validated with the popup's own rules, stored once per (store, email)
 * whatever the concurrency, with its consent record; a new subscriber gets the welcome email job.
 * A repeated subscribe answers with the same code and creates nothing.
 */
export async function subscribe(config: PublicPopupConfig, body: SubscribeBody, meta: ConsentMeta) {
  const errors = validateSubscriber(body, config.fields, config.emailValidation);
  if (Object.keys(errors).length > 0) {
    throw new HttpError(422, Object.values(errors)[0] ?? POPUP_MESSAGES.emailInvalid, { errors });
  }
  // The honeypot: people never fill it. Bots get the answer they expect and nothing is stored.
  if (body.website) return { message: THANK_YOU, discountCode: config.discountCode };

  const optional = Object.fromEntries(
    Object.entries(config.fields)
      .filter(([field, enabled]) => enabled && field !== "email")
      .map(([field]) => [field, body[field as keyof SubscribeBody] || null]),
  );
  const preferences = await storePreferences(config.storeId);
  const [created] = await db()
    .insert(subscribers)
    .values({
      ...optional,
      storeId: config.storeId,
      email: body.email.trim(),
      sessionId: body.sessionId || null,
      discountCodeSent: config.discountCode,
      consentPageUrl: body.pageUrl || null,
      consentIp: meta.ip,
      consentUserAgent: meta.userAgent.slice(0, 512),
      confirmationRequired: preferences.enableDoubleOptIn,
    })
    .onConflictDoNothing()
    .returning({ id: subscribers.id, discountCodeSent: subscribers.discountCodeSent });
  if (created) {
    await afterSubscription(config.storeId, created.id, preferences);
    return { message: THANK_YOU, discountCode: created.discountCodeSent ?? config.discountCode };
  }
  const existing = await resubscribe(config.storeId, body.email.trim());
  return { message: THANK_YOU, discountCode: existing?.discountCodeSent ?? config.discountCode };
}

/** The owner's mail preferences, cached briefly: every subscription reads them. */
const PREFERENCES_TTL_MS = 5_000;
const preferencesCache = new Map<string, { value: Preferences; expires: number }>();

async function storePreferences(storeId: string): Promise<Preferences> {
  const cached = preferencesCache.get(storeId);
  if (cached && cached.expires > Date.now()) return cached.value;
  const value = await preferencesForStore(storeId);
  if (!value) throw new HttpError(404, "Popup not found");
  preferencesCache.set(storeId, { value, expires: Date.now() + PREFERENCES_TTL_MS });
  return value;
}

/** A new subscriber: the confirmation (double opt-in) or the welcome email, and the owner's digest. */
async function afterSubscription(storeId: string, subscriberId: string, preferences: Preferences) {
  if (preferences.enableDoubleOptIn) {
    await enqueue("email", { type: "confirmation", subscriberId }, { jobId: `confirmation-${subscriberId}` });
  } else {
    await enqueue("email", { type: "welcome", subscriberId }, { jobId: `welcome-${subscriberId}` });
  }
  if (preferences.notifyOnSubscriptions) await queueSubscriberDigest(storeId);
}

/** An address already on the list: a former subscriber who signs up again is active again. */
async function resubscribe(storeId: string, email: string) {
  const [existing] = await db()
    .update(subscribers)
    .set({ isActive: true, unsubscribedAt: null })
    .where(and(eq(subscribers.storeId, storeId), sql`lower(${subscribers.email}) = ${email.toLowerCase()}`))
    .returning({ discountCodeSent: subscribers.discountCodeSent });
  return existing;
}
