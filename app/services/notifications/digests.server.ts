import { and, count, desc, eq, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { storeCounters, stores, subscribers, users } from "~/db/schema";
import { effectivePermissions } from "~/lib/permissions";
import { preferencesOf } from "~/services/access/preferences.server";
import { storeCanSend } from "~/services/email/sends.server";
import { type SystemMessage, sendSystemMail } from "~/services/email/system-mailer.server";
import { fromPopup } from "~/services/stores/popup-figures.server";
import { enqueue } from "../../../jobs/client";
import { digestMail, summaryMail, unsubscribeAlertMail } from "./messages.server";

/** New-subscriber mails are batched: at most one per store per window, listing everyone who joined in it. */
export const DIGEST_WINDOW_MS = 5 * 60_000;
/** The unsubscribe alert fires once a day when today's unsubscribes reach this share of the list… */
export const UNSUBSCRIBE_ALERT_RATE = 0.05;
/** …and at least this many people left today (so two unsubscribes on a tiny list do not alarm anyone). */
export const UNSUBSCRIBE_ALERT_MINIMUM = 5;
const DIGEST_LIST_LIMIT = 20;

const digestQueuedUntil = new Map<string, number>();

const startOfUtcDay = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/**
 * When a subscriber became one an owner counts as new: at signup, or at confirmation when double opt-in asked
 * for one (null until then). The digest and the daily summary count signups as the dashboard does: through
 * the popup (an import is not a signup), and only people still subscribed.
 */
const joinedAt = sql`case when ${subscribers.confirmationRequired} then ${subscribers.confirmedAt} else ${subscribers.subscribedAt} end`;
const newSubscribers = (storeId: string, joinedWithin: SQL) =>
  and(eq(subscribers.storeId, storeId), fromPopup, eq(subscribers.isActive, true), joinedWithin);

/**
 * Sends `message` only when `claim` (one conditional UPDATE of the store's marker) changed the row, so of
 * two runs at once (two workers, a retried job) exactly one sends; a failed send gives the claim back, for
 * the job's retry.
 */
async function sendClaimed(
  claim: () => Promise<unknown[]>,
  release: () => Promise<unknown>,
  message: SystemMessage,
): Promise<void> {
  if ((await claim()).length === 0) return;
  try {
    await sendSystemMail(message);
  } catch (error) {
    await release();
    throw error;
  }
}

/** After a subscription (owner notifications on): schedules the store's digest at the end of the window, once. */
export async function queueSubscriberDigest(storeId: string, now = Date.now()): Promise<void> {
  const windowEnd = Math.ceil((now + 1) / DIGEST_WINDOW_MS) * DIGEST_WINDOW_MS;
  // The job id already makes a repeat a no-op; remembering it here spares the queue a call per subscription.
  if (digestQueuedUntil.get(storeId) === windowEnd) return;
  digestQueuedUntil.set(storeId, windowEnd);
  await enqueue(
    "email",
    { type: "subscriber-digest", storeId },
    { jobId: `digest-${storeId}-${windowEnd}`, delayMs: windowEnd - now },
  );
}

/**
 * Whether the owner may read subscribers' addresses (view_subscribers): the digest then lists them;
 * otherwise it gives the count only, as the dashboard does for everyone.
 */
async function ownerSeesSubscribers(userId: string): Promise<boolean> {
  const [owner] = await db()
    .select({ role: users.role, permissions: users.permissions })
    .from(users)
    .where(eq(users.id, userId));
  return owner ? effectivePermissions(owner.role, owner.permissions).view_subscribers : false;
}

/** Mails the owner everyone who became a subscriber since the last digest, moving the marker first. */
export async function sendSubscriberDigest(storeId: string): Promise<void> {
  const [store] = await db()
    .select({
      name: stores.name,
      userId: stores.userId,
      // As text: PostgreSQL keeps microseconds, a JS Date would round the marker below the newest row.
      notifiedUntil: sql<string | null>`${stores.subscribersNotifiedUntil}::text`,
    })
    .from(stores)
    .where(eq(stores.id, storeId));
  const preferences = store ? await preferencesOf(store.userId) : undefined;
  if (!store || !preferences?.notifyOnSubscriptions) return;
  const seesAddresses = await ownerSeesSubscribers(store.userId);
  const since = sql`coalesce(${store.notifiedUntil}::timestamptz, '-infinity'::timestamptz)`;
  const fresh = await db()
    .select({ email: subscribers.email, joinedAt: sql<string>`(${joinedAt})::text` })
    .from(subscribers)
    .where(newSubscribers(storeId, sql`${joinedAt} > ${since}`))
    .orderBy(desc(joinedAt));
  const newest = fresh[0];
  if (!newest) return;
  // The marker moves only from the value this run read: a run that read the same value at the same time
  // finds it moved, and sends nothing.
  const moveMarker = (from: string | null, to: string | null) =>
    db()
      .update(stores)
      .set({ subscribersNotifiedUntil: sql`${to}::timestamptz` })
      .where(
        and(
          eq(stores.id, storeId),
          sql`${stores.subscribersNotifiedUntil} is not distinct from ${from}::timestamptz`,
        ),
      )
      .returning({ id: stores.id });
  await sendClaimed(
    () => moveMarker(store.notifiedUntil, newest.joinedAt),
    () => moveMarker(newest.joinedAt, store.notifiedUntil),
    digestMail(
      preferences.adminNotificationEmail,
      store.name,
      fresh.length,
      seesAddresses ? fresh.slice(0, DIGEST_LIST_LIMIT).map((row) => row.email) : null,
      // Their welcome emails are held (email/held.server.ts): the owner hears it with the news.
      preferences.sendWelcomeEmail && !(await storeCanSend(storeId)),
    ),
  );
}

/** The daily summary: yesterday's new subscribers (as the digest counts them) and the list size, for owners who asked for it. */
export async function sendDailySummaries(now = new Date()): Promise<void> {
  const today = startOfUtcDay(now);
  const yesterday = new Date(today.getTime() - 86_400_000);
  for (const store of await db().select().from(stores)) {
    const preferences = await preferencesOf(store.userId);
    if (!preferences.dailySubscriberSummary) continue;
    const [[fresh], [total]] = await Promise.all([
      db()
        .select({ value: count() })
        .from(subscribers)
        .where(newSubscribers(store.id, sql`${joinedAt} >= ${yesterday} and ${joinedAt} < ${today}`)),
      db()
        .select({ value: sql<number>`coalesce(sum(${storeCounters.activeSubscribers}), 0)`.mapWith(Number) })
        .from(storeCounters)
        .where(eq(storeCounters.storeId, store.id)),
    ]);
    const day = yesterday.toISOString().slice(0, 10);
    await sendSystemMail(
      summaryMail(preferences.adminNotificationEmail, store.name, day, fresh?.value ?? 0, total?.value ?? 0),
    );
  }
}

/** After an unsubscribe: alerts the owner once a day when today's unsubscribe rate passes the threshold. */
export async function checkUnsubscribeRate(storeId: string, now = new Date()): Promise<void> {
  const [store] = await db().select().from(stores).where(eq(stores.id, storeId));
  const preferences = store ? await preferencesOf(store.userId) : undefined;
  const today = startOfUtcDay(now);
  const day = today.toISOString().slice(0, 10);
  if (!store || !preferences?.alertOnUnsubscribeRate || store.unsubscribeAlertedOn === day) return;
  const [row] = await db()
    .select({
      left: sql<number>`count(*) filter (where ${subscribers.unsubscribedAt} >= ${today})`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${subscribers.isActive})`.mapWith(Number),
    })
    .from(subscribers)
    .where(eq(subscribers.storeId, storeId));
  const left = row?.left ?? 0;
  const base = left + (row?.active ?? 0);
  if (left < UNSUBSCRIBE_ALERT_MINIMUM || base === 0 || left / base < UNSUBSCRIBE_ALERT_RATE) return;
  await sendClaimed(
    () =>
      db()
        .update(stores)
        .set({ unsubscribeAlertedOn: day })
        .where(
          and(
            eq(stores.id, storeId),
            or(isNull(stores.unsubscribeAlertedOn), ne(stores.unsubscribeAlertedOn, day)),
          ),
        )
        .returning({ id: stores.id }),
    () =>
      db()
        .update(stores)
        .set({ unsubscribeAlertedOn: store.unsubscribeAlertedOn })
        .where(and(eq(stores.id, storeId), eq(stores.unsubscribeAlertedOn, day))),
    unsubscribeAlertMail(preferences.adminNotificationEmail, store.name, left, base),
  );
}
