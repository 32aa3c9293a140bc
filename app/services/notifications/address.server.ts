import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { userPreferences } from "~/db/schema";
import type { Preferences } from "~/db/schema/preferences";
import { randomToken, sha256 } from "~/server/crypto.server";
import { env } from "~/server/env.server";
import { consume, type RateRule } from "~/server/rate-limit.server";
import type { Actor } from "~/services/access/actor.server";
import { sendSystemMail } from "~/services/email/system-mailer.server";
import { notificationAddressMail } from "~/services/email/system-messages.server";
import { enqueue } from "../../../jobs/client";

/**
 * Store notifications list subscribers, so they go only to an address its reader has proven to hold:
 * the account's own email, or one confirmed through a link mailed to it. A new address waits as pending.
 */
const CONFIRMATION_TTL_MS = 24 * 60 * 60_000;

/** Each pending address mails someone who did not ask for it yet: a few a day per person are plenty. */
const confirmationsPerUser: RateRule = {
  name: "notification-address",
  limit: 5,
  windowMs: 24 * 60 * 60_000,
  message: "Too many confirmation emails today. Please try again tomorrow.",
};

type AddressColumns = Pick<
  Preferences,
  | "adminNotificationEmail"
  | "pendingNotificationEmail"
  | "notificationEmailToken"
  | "notificationEmailTokenExpiry"
>;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The columns to write when the actor asks for notifications at `requested`, and whether a confirmation
 * link must be mailed. Their own or the confirmed address applies at once (and drops a pending one).
 */
export async function notificationAddressChange(
  actor: Actor,
  current: Preferences,
  requested: string,
): Promise<{ columns: Partial<AddressColumns>; confirm: boolean }> {
  const noPending = {
    pendingNotificationEmail: null,
    notificationEmailToken: null,
    notificationEmailTokenExpiry: null,
  };
  if (same(requested, actor.email))
    return { columns: { ...noPending, adminNotificationEmail: actor.email }, confirm: false };
  if (same(requested, current.adminNotificationEmail)) return { columns: noPending, confirm: false };
  // Settings sends the pending address back with every save: it stays pending, with the link already sent.
  if (current.pendingNotificationEmail && same(requested, current.pendingNotificationEmail))
    return { columns: {}, confirm: false };
  await consume(confirmationsPerUser, actor.userId);
  return { columns: { ...noPending, pendingNotificationEmail: requested }, confirm: true };
}

export async function requestNotificationAddressConfirmation(userId: string): Promise<void> {
  await enqueue("email", { type: "notification-address-confirmation", userId });
}

/**
 * Issues the link for the user's pending address and mails it there (called by the email job, so the
 * token never sits in a queue). Only its SHA-256 is stored; a new link replaces an earlier one.
 */
export async function sendNotificationAddressConfirmation(userId: string): Promise<void> {
  const token = randomToken(32);
  const [pending] = await db()
    .update(userPreferences)
    .set({
      notificationEmailToken: sha256(token),
      notificationEmailTokenExpiry: new Date(Date.now() + CONFIRMATION_TTL_MS),
    })
    .where(and(eq(userPreferences.userId, userId), isNotNull(userPreferences.pendingNotificationEmail)))
    .returning({ to: userPreferences.pendingNotificationEmail });
  if (!pending?.to) return;
  const link = new URL(`/notification-email/${encodeURIComponent(token)}`, env().APP_URL).toString();
  await sendSystemMail(notificationAddressMail(pending.to, link));
}

const validToken = (token: string) =>
  and(
    eq(userPreferences.notificationEmailToken, sha256(token)),
    gt(userPreferences.notificationEmailTokenExpiry, new Date()),
    isNotNull(userPreferences.pendingNotificationEmail),
  );

/** The address a confirmation link is for, while the link is still good. */
export async function pendingAddressFor(token: string): Promise<string | undefined> {
  const [row] = await db()
    .select({ address: userPreferences.pendingNotificationEmail })
    .from(userPreferences)
    .where(validToken(token));
  return row?.address ?? undefined;
}

/** Makes the pending address the notification address, once: the token is cleared in the same update. */
export async function confirmNotificationAddress(token: string): Promise<string | undefined> {
  const [row] = await db()
    .update(userPreferences)
    .set({
      adminNotificationEmail: sql`${userPreferences.pendingNotificationEmail}`,
      pendingNotificationEmail: null,
      notificationEmailToken: null,
      notificationEmailTokenExpiry: null,
      updatedAt: new Date(),
    })
    .where(validToken(token))
    .returning({ address: userPreferences.adminNotificationEmail });
  return row?.address;
}
