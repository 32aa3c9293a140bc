import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { prepared } from "~/db/prepared.server";
import { stores, subscribers } from "~/db/schema";
import type { Preferences } from "~/db/schema/preferences";
import type { SubscribeBody } from "~/lib/schemas/subscribe";
import { ttlCache } from "~/server/ttl-cache.server";
import { sendSubscriberMail } from "~/services/email/subscriber-mail.server";
import { invalid, notFound } from "~/services/errors.server";
import { queueSubscriberDigest } from "~/services/notifications/digests.server";
import { preferencesForStore } from "~/services/preferences.server";
import { queueConsentSync } from "~/services/shopify/consent-sync.server";
import { issueUniqueCode } from "~/services/shopify/discount-codes.server";
import { enqueue } from "../../../jobs/client";
import {
  type OptionalField,
  optionalFieldNames,
  type PopupWithCode,
  SUBSCRIBE_ANSWERS,
  type SubscribeResponse,
} from "../../../popup/config";
import { normalizeEmail, POPUP_MESSAGES, validateSubscriber } from "../../../popup/validation";
import { subscribeAgain } from "./resubscribe.server";

export type ConsentMeta = { ip: string; userAgent: string };

/**
 * A storefront subscription: validated with the popup's own rules, stored once per (store, email)
 * whatever the concurrency, with its consent record; a new subscriber gets the welcome email job.
 * Only a new subscription that needs no confirmation answers with the code: with double opt-in the
 * code comes by email after confirmation, and an address already on the list gets it by email.
 */
export async function subscribe(
  popup: PopupWithCode,
  body: SubscribeBody,
  meta: ConsentMeta,
): Promise<SubscribeResponse> {
  const errors = validateSubscriber(body, popup.fields, popup.emailValidation);
  if (Object.keys(errors).length > 0) {
    throw invalid(Object.values(errors)[0] ?? POPUP_MESSAGES.emailInvalid, errors);
  }
  // The honeypot: people never fill it. Bots get an answer that reads as success; nothing is stored or sent.
  if (body.website) return { message: SUBSCRIBE_ANSWERS.sentToInbox };

  // A field the popup does not ask for is stored as null, whatever the body says.
  const optional = Object.fromEntries(
    optionalFieldNames.map((field) => [field, (popup.fields[field] && body[field]) || null]),
  ) as Record<OptionalField, string | null>;
  const email = normalizeEmail(body.email);
  const consent = {
    consentPageUrl: body.pageUrl || null,
    consentIp: meta.ip,
    consentUserAgent: meta.userAgent.slice(0, 512),
  };
  const context = await storeContext(popup.storeId);
  const doubleOptIn = context.preferences.enableDoubleOptIn;
  const [created] = await insertSubscriber().execute({
    ...optional,
    ...consent,
    storeId: popup.storeId,
    email,
    sessionId: body.sessionId || null,
    discountCodeSent: popup.discountCode,
    confirmationRequired: doubleOptIn,
  });
  if (!created) return subscribeAgain(popup.storeId, email, consent, context);
  const uniqueCode = await afterSubscription(popup.storeId, created.id, context);
  if (doubleOptIn) return { message: SUBSCRIBE_ANSWERS.confirm };
  return {
    message: SUBSCRIBE_ANSWERS.welcome,
    discountCode: uniqueCode ?? created.discountCodeSent ?? popup.discountCode,
  };
}

/** Every column a subscription writes, each a placeholder: one statement text for every popup's fields. */
const insertSubscriber = () =>
  prepared("subscribe_insert", (database) =>
    database
      .insert(subscribers)
      .values({
        ...Object.fromEntries(optionalFieldNames.map((field) => [field, sql.placeholder(field)])),
        storeId: sql.placeholder("storeId"),
        email: sql.placeholder("email"),
        sessionId: sql.placeholder("sessionId"),
        discountCodeSent: sql.placeholder("discountCodeSent"),
        consentPageUrl: sql.placeholder("consentPageUrl"),
        consentIp: sql.placeholder("consentIp"),
        consentUserAgent: sql.placeholder("consentUserAgent"),
        confirmationRequired: sql.placeholder("confirmationRequired"),
      })
      .onConflictDoNothing()
      .returning({ id: subscribers.id, discountCodeSent: subscribers.discountCodeSent })
      .prepare("subscribe_insert"),
  );

/** What every subscription reads about its store, cached briefly: the owner's preferences and the Shopify link. */
type StoreContext = { preferences: Preferences; isConnected: boolean; consentSyncEnabled: boolean };
const storeContexts = ttlCache<StoreContext>(5_000);

async function readStoreContext(storeId: string): Promise<StoreContext> {
  const [preferences, [store]] = await Promise.all([
    preferencesForStore(storeId),
    db()
      .select({ isConnected: stores.isConnected, consentSyncEnabled: stores.consentSyncEnabled })
      .from(stores)
      .where(eq(stores.id, storeId)),
  ]);
  if (!preferences || !store) throw notFound("Popup not found");
  return { preferences, ...store };
}

const storeContext = (storeId: string) => storeContexts.remember(storeId, () => readStoreContext(storeId));

/** How long a subscription waits for Shopify to create the subscriber's own code before using the popup's. */
const UNIQUE_CODE_WAIT_MS = 2_500;

/**
 * A connected store's subscriber gets a unique code, created while the shopper waits when Shopify is
 * quick; otherwise a job creates it (and then sends the email) and the popup's code is shown meanwhile.
 */
async function uniqueCodeOrLater(subscriberId: string): Promise<string | null> {
  const timeout = new Promise<"late">((resolve) =>
    setTimeout(() => resolve("late"), UNIQUE_CODE_WAIT_MS).unref(),
  );
  const outcome = await Promise.race([issueUniqueCode(subscriberId).catch(() => "failed" as const), timeout]);
  if (typeof outcome === "string" && outcome !== "late" && outcome !== "failed") return outcome;
  await enqueue("shopify", { type: "create-discount-code", subscriberId }, { jobId: `code-${subscriberId}` });
  return null;
}

/**
 * A new subscriber: their code (unique when Shopify-connected), their first email, the owner's digest, and
 * their Shopify customer when consent sync is on.
 */
async function afterSubscription(
  storeId: string,
  subscriberId: string,
  context: StoreContext,
): Promise<string | null> {
  const code = context.isConnected ? await uniqueCodeOrLater(subscriberId) : null;
  // Without a Shopify connection, or with the code already made, the email goes now; otherwise the job sends it.
  if (!context.isConnected || code)
    await sendSubscriberMail(subscriberId, context.preferences.enableDoubleOptIn);
  if (context.preferences.notifyOnSubscriptions) await queueSubscriberDigest(storeId);
  if (context.consentSyncEnabled) await queueConsentSync(subscriberId);
  return code;
}
