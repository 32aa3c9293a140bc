import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import type { Preferences } from "~/db/schema/preferences";
import { welcomeHoldReason } from "~/lib/schemas/held-emails";
import { isPermanent } from "~/server/domain-errors.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { countWithin, type RateRule } from "~/server/rate-limit.server";
import { deliverConfirmationEmail } from "~/services/email/confirmation.server";
import { loadMailContext, type MailContext } from "~/services/email/mail-context.server";
import { holdEmail } from "~/services/email/sends.server";
import { deliverWelcomeEmail } from "~/services/email/welcome.server";
import { drainWelcomeOutbox, wakeWelcomeOutbox } from "~/services/email/welcome-outbox.server";
import { queueSubscriberDigest } from "~/services/notifications/digests.server";
import { queueConsentSync } from "~/services/shopify/consent-sync.server";
import { awaitsUniqueCode, issueUniqueCode } from "~/services/shopify/discount-codes.server";
import { enqueue } from "../../../jobs/client";
import { SUBSCRIBE_ANSWERS, type SubscribeResponse } from "../../../popup/config";
import { passesBotCheck } from "./bot-check.server";
import { type InboxTurn, inboxOf } from "./same-inbox.server";

/**
 * Everything that follows a subscription, decided here and nowhere else:
 * - the code: every subscriber is stored with the popup's code; a Shopify-connected store's subscriber gets
 *   their own single-use code, made while the shopper waits when Shopify is quick, otherwise by a job;
 * - the first email: the double opt-in confirmation, or the welcome email with the code (and only once the
 *   code is final); the welcome email follows confirmation; a returning address gets its email again;
 * - the owner's new-subscriber digest, and the Shopify consent sync.
 * The email modules only render and deliver; the email and Shopify job processors call the functions below.
 */

/** What a subscription knows about its store: the owner's preferences and the Shopify link. */
export type SubscriptionContext = {
  preferences: Pick<Preferences, "enableDoubleOptIn" | "notifyOnSubscriptions" | "sendWelcomeEmail">;
  isConnected: boolean;
  consentSyncEnabled: boolean;
};

type EmailKind = "welcome" | "confirmation";

type ConsentState = Pick<
  typeof subscribers.$inferSelect,
  "confirmationRequired" | "confirmedAt" | "isActive" | "unsubscribedAt" | "consentedAt"
>;

/**
 * Asked to confirm and not confirmed yet: a new subscriber, or a former one who consented again after
 * unsubscribing (they stay inactive until they confirm). Someone who unsubscribed since is not asked.
 */
export function awaitsConfirmation(subscriber: ConsentState): boolean {
  if (!subscriber.confirmationRequired || subscriber.confirmedAt) return false;
  return (
    subscriber.isActive ||
    (subscriber.unsubscribedAt !== null && subscriber.unsubscribedAt < subscriber.consentedAt)
  );
}

/**
 * Whether a new (or renewed) subscription must be confirmed by email: the owner asks for double opt-in, or
 * the store is connected to Shopify and the subscription did not pass the bot check (bot-check.server.ts):
 * nothing reaches Shopify for an address (no code, no customer) until a person confirmed it or passed the
 * check. A store without Shopify writes nothing there, so its bot check is not read (nor used up).
 */
export async function asksConfirmation(
  storeId: string,
  context: SubscriptionContext,
  proof: string | undefined,
): Promise<boolean> {
  if (context.preferences.enableDoubleOptIn) return true;
  return context.isConnected && !(await passesBotCheck(storeId, proof));
}

/** Whether a new subscriber's first email is the welcome email, due at once: no confirmation, no Shopify code. */
function welcomeDueAtOnce(context: SubscriptionContext): boolean {
  return !context.isConnected && !context.preferences.enableDoubleOptIn;
}

/**
 * Whether the subscription writes the welcome email to the outbox in its own statement: it is due at once
 * and welcome emails are on. A store without SMTP settings has it held there until the merchant sends it
 * (email/held.server.ts).
 */
export function writesWelcomeToOutbox(context: SubscriptionContext): boolean {
  return welcomeDueAtOnce(context) && context.preferences.sendWelcomeEmail;
}

/**
 * A new subscriber: their code, their first email, the owner's digest and the consent sync. Only a new
 * subscription that needs no confirmation (`confirm`, asksConfirmation) answers with the code: otherwise a
 * Shopify code is made once they confirm, and comes by email.
 */
export async function afterNewSubscriber(
  subscriber: { id: string; storeId: string; discountCodeSent: string | null },
  context: SubscriptionContext,
  confirm: boolean,
): Promise<SubscribeResponse> {
  const uniqueCode = context.isConnected && !confirm ? await uniqueCodeOrLater(subscriber.id) : null;
  // A welcome email due at once is in the outbox already (when the store sends it). Otherwise the first
  // email goes now: the confirmation request, or the welcome email once a connected store's code is made
  // (else the code job sends it).
  if (welcomeDueAtOnce(context)) {
    if (writesWelcomeToOutbox(context)) wakeWelcomeOutbox();
  } else if (confirm || !context.isConnected || uniqueCode) await queueFirstEmail(subscriber.id, confirm);
  if (context.preferences.notifyOnSubscriptions) await queueSubscriberDigest(subscriber.storeId);
  if (context.consentSyncEnabled && !confirm) await queueConsentSync(subscriber.id);
  if (confirm) return { message: SUBSCRIBE_ANSWERS.confirm };
  const discountCode = uniqueCode ?? subscriber.discountCodeSent;
  // A wheel's "no prize" slice leaves the subscriber without a code.
  return discountCode
    ? { message: SUBSCRIBE_ANSWERS.welcome, discountCode }
    : { message: SUBSCRIBE_ANSWERS.welcome };
}

/**
 * A connected store's subscriber gets a unique code, confirmed by Shopify while the shopper waits when
 * Shopify is quick (or the popup's code, when Shopify refused theirs); otherwise a job confirms the same
 * code (and then sends the email) and the popup's code is shown meanwhile.
 */
async function uniqueCodeOrLater(subscriberId: string): Promise<string | null> {
  const timeout = new Promise<"late">((resolve) =>
    setTimeout(() => resolve("late"), env().UNIQUE_CODE_WAIT_MS).unref(),
  );
  const outcome = await Promise.race([issueUniqueCode(subscriberId).catch(() => "failed" as const), timeout]);
  if (typeof outcome === "string" && outcome !== "late" && outcome !== "failed") return outcome;
  await enqueue("shopify", { type: "create-discount-code", subscriberId }, { jobId: `code-${subscriberId}` });
  return null;
}

/** The create-discount-code job: the unique code the subscription could not wait for, then the first email. */
export async function issueDeferredCode(subscriberId: string): Promise<void> {
  try {
    await issueUniqueCode(subscriberId);
  } catch (error) {
    // Refused for good (revoked token, invalid input): the popup's code goes out instead.
    if (!isPermanent(error)) throw error;
    logger().warn({ subscriberId, err: error }, "unique discount code not created; the popup's code is used");
  }
  await queueFirstEmail(subscriberId);
}

/**
 * However often an address on the list is submitted, its mail goes again at most once a day per inbox
 * (`x+1@…` and `x+2@…` count as `x@…`): a stranger cannot flood the inbox. The message is never shown (the
 * excess is silently not sent).
 */
const resendPerAddress: RateRule = {
  name: "subscriber-resend",
  limit: 1,
  windowMs: 24 * 60 * 60 * 1000,
  message: "The email was already sent again today",
};

/**
 * An address already on the list (`renewed`: a former subscriber who gave consent anew). Its code is never
 * in the answer (anyone can type an address): it goes to the inbox again, or the confirmation request does
 * while one is awaited. Renewed consent reaches Shopify at once unless it waits for confirmation.
 */
export async function afterReturningSubscriber(
  subscriber: ConsentState & { id: string; storeId: string; email: string },
  renewed: boolean,
  context: SubscriptionContext,
  confirm: boolean,
): Promise<SubscribeResponse> {
  if (renewed && !confirm && context.consentSyncEnabled) await queueConsentSync(subscriber.id);
  const confirming = awaitsConfirmation(subscriber);
  if (await countWithin(resendPerAddress, `${subscriber.storeId}:${inboxOf(subscriber.email)}`))
    await queueEmailAgain(subscriber.id, confirming ? "confirmation" : "welcome");
  return { message: confirming ? SUBSCRIBE_ANSWERS.confirm : SUBSCRIBE_ANSWERS.sentToInbox };
}

/**
 * A new address of an inbox already on the store's list (`x+7@…` after `x@…`, same-inbox.server.ts): stored
 * as typed, it gets no email and no code of its own (no unique Shopify code either), so one inbox cannot
 * collect a welcome email or a code per tag. It is answered as that earlier address would be, whose mail
 * goes again (at most once a day per inbox). While the earlier address is still being stored (`earlier`
 * unknown: sent at the same moment), or has no email of its own yet (its first email is still being
 * written, or welcome emails are off), its own mail is on the way and nothing more is sent: a copy never
 * becomes a first email of another address.
 */
export async function afterAnotherAddressOfInbox(
  storeId: string,
  earlier: Extract<InboxTurn, { first: false }>["earlier"],
  context: SubscriptionContext,
  confirm: boolean,
): Promise<SubscribeResponse> {
  if (context.preferences.notifyOnSubscriptions) await queueSubscriberDigest(storeId);
  if (earlier?.hasOwnEmail) return afterReturningSubscriber({ ...earlier, storeId }, false, context, confirm);
  return { message: confirm ? SUBSCRIBE_ANSWERS.confirm : SUBSCRIBE_ANSWERS.sentToInbox };
}

/**
 * A double opt-in just confirmed: the welcome email with the code — a copy when they had it before (a
 * returning subscriber) — and the consent, now given, to Shopify. A connected store's subscriber without
 * their own code yet gets it now: the code job makes it, then sends the welcome email.
 */
export async function afterConfirmation(subscriberId: string, storeId: string): Promise<void> {
  if (await awaitsUniqueCode(subscriberId))
    await enqueue(
      "shopify",
      { type: "create-discount-code", subscriberId },
      { jobId: `code-${subscriberId}` },
    );
  else await queueEmailAgain(subscriberId, "welcome");
  await queueConsentSync(subscriberId);
  // A double opt-in is a new subscriber from now on: the owner's digest (when they asked for it) tells it.
  await queueSubscriberDigest(storeId);
}

/**
 * Queues a subscriber's first email: the confirmation request while one is awaited, else the welcome email
 * with the code. `confirming` is read from the subscriber unless the caller already knows it.
 */
async function queueFirstEmail(subscriberId: string, confirming?: boolean): Promise<void> {
  let asking = confirming;
  if (asking === undefined) {
    const [subscriber] = await db()
      .select({
        confirmationRequired: subscribers.confirmationRequired,
        confirmedAt: subscribers.confirmedAt,
        isActive: subscribers.isActive,
        unsubscribedAt: subscribers.unsubscribedAt,
        consentedAt: subscribers.consentedAt,
      })
      .from(subscribers)
      .where(eq(subscribers.id, subscriberId));
    if (!subscriber) return;
    asking = awaitsConfirmation(subscriber);
  }
  const type: EmailKind = asking ? "confirmation" : "welcome";
  await enqueue("email", { type, subscriberId }, { jobId: `${type}-${subscriberId}` });
}

/**
 * Queues a subscriber's email once more, because they asked anew (submitted the address again, or
 * confirmed a renewed subscription): a copy when it already went, the first one otherwise.
 */
async function queueEmailAgain(subscriberId: string, type: EmailKind): Promise<void> {
  await enqueue(
    "email",
    { type, subscriberId, again: true },
    { jobId: `${type}-${subscriberId}-${Date.now()}` },
  );
}

/**
 * Whether Shopify welcomes the store's subscribers: their consent goes to Shopify (consent sync), which starts
 * Shopify's "customer subscribed" automation, and the merchant chose it to send the welcome (docs/decisions/165).
 */
function welcomedByShopify(store: Pick<MailContext["store"], "consentSyncEnabled" | "welcomeEmailSender">) {
  return store.consentSyncEnabled && store.welcomeEmailSender === "shopify";
}

/**
 * Why a welcome email is not sent at all, read when it is due. One the store cannot send yet (no SMTP
 * settings) is not skipped but held until the merchant sends it (email/held.server.ts).
 */
function welcomeSkipReason(context: MailContext): string | null {
  if (!context.subscriber.isActive) return "the subscriber unsubscribed";
  if (!context.preferences.sendWelcomeEmail) return "welcome emails are turned off";
  if (welcomedByShopify(context.store))
    return "Shopify's marketing automation welcomes subscribers added to Shopify";
  if (context.subscriber.confirmationRequired && !context.subscriber.confirmedAt)
    return "waiting for double opt-in";
  return null;
}

/**
 * The welcome job: the store's welcome email with the code, once, unless the subscriber should not get it
 * (any more); `again` sends a copy to a subscriber who already had it.
 */
export async function sendWelcomeEmail(subscriberId: string, again = false): Promise<void> {
  const context = await loadMailContext(subscriberId);
  if (!context) return;
  const reason = welcomeSkipReason(context);
  if (reason) {
    logger().info({ subscriberId, storeId: context.store.id, reason }, "welcome email not sent");
    return;
  }
  const hold = welcomeHoldReason({
    emailConfigured: context.settings.isConfigured,
    companyAddress: context.template.companyAddress,
  });
  if (hold) await holdEmail(context.store.id, subscriberId, "welcome", hold);
  else await deliverWelcomeEmail(context, { again });
}

/** The outbox job (a wake-up or the sweep): the pending welcome emails, each unless it should not go. */
export const sendPendingWelcomeEmails = () => drainWelcomeOutbox(welcomeSkipReason);

/**
 * The confirmation job: asks a new (or returning) subscriber to confirm while that is still awaited;
 * `again` sends a copy to a subscriber who already had the request.
 */
export async function sendConfirmationEmail(subscriberId: string, again = false): Promise<void> {
  const context = await loadMailContext(subscriberId);
  if (!context || !awaitsConfirmation(context.subscriber)) return;
  if (!context.settings.isConfigured) await holdEmail(context.store.id, subscriberId, "confirmation");
  else await deliverConfirmationEmail(context, { again });
}
