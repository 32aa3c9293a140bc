import { and, eq, getTableName, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { campaignSends, emailSends, flowSends, subscribers } from "~/db/schema";
import type { SuppressionKind } from "~/lib/schemas/suppression";
import { logger } from "~/server/logger.server";
import type { Holder, SendTable } from "./leases.server";

/**
 * Addresses no email goes to any more (docs/decisions/173): one that bounced for good (the store's SMTP
 * server refused it with a 5xx, or the provider behind it said so) or whose reader reported the mail as
 * spam. Every later send to it, of any kind, is recorded as suppressed with the reason, never skipped
 * silently; a complaint also unsubscribes the address.
 */

/** Sends that ran out of retries on a temporary refusal of the address before it counts as bounced. */
const SOFT_BOUNCE_LIMIT = 3;

/** Why nothing is to go to this subscriber any more, as a send records it; null while mail reaches them. */
export function suppressedBecause(subscriber: {
  suppression: SuppressionKind | null;
  suppressionReason: string | null;
}): string | null {
  if (!subscriber.suppression) return null;
  const what = subscriber.suppression === "bounced" ? "the address bounced" : "the reader reported spam";
  return subscriber.suppressionReason ? `${what}: ${subscriber.suppressionReason}` : what;
}

/**
 * Suppresses the subscribers `which` picks, with why; a complaint replaces a bounce (it also unsubscribes),
 * nothing replaces a complaint. Answers the ids of the subscribers it changed.
 */
export async function suppress(which: SQL, kind: SuppressionKind, reason: string): Promise<string[]> {
  const replaceable =
    kind === "complained"
      ? sql`${subscribers.suppression} is distinct from 'complained'`
      : sql`${subscribers.suppression} is null`;
  const rows = await db()
    .update(subscribers)
    .set({
      suppression: kind,
      suppressionReason: reason.slice(0, 1000),
      suppressedAt: sql`now()`,
      ...(kind === "complained"
        ? {
            isActive: false,
            unsubscribeSource: "subscriber" as const,
            unsubscribedAt: sql`case when ${subscribers.isActive} then now() else coalesce(${subscribers.unsubscribedAt}, now()) end`,
          }
        : {}),
    })
    .where(and(which, replaceable))
    .returning({ id: subscribers.id });
  return rows.map((row) => row.id);
}

/** The SMTP answer a refusal of one recipient carries: a 4xx or 5xx at RCPT TO or DATA. */
type RecipientRefusal = { permanent: boolean; answer: string };

/**
 * A refusal of the recipient, from the error nodemailer throws: a 4xx or 5xx answer to RCPT TO or DATA
 * (one recipient per message). A refusal at connection, AUTH or MAIL FROM is the store's settings or the
 * server's, not the address's: null.
 */
export function recipientRefusal(error: unknown): RecipientRefusal | null {
  const { command, responseCode, response } = (error ?? {}) as {
    command?: unknown;
    responseCode?: unknown;
    response?: unknown;
  };
  if (command !== "RCPT TO" && command !== "DATA") return null;
  if (typeof responseCode !== "number" || responseCode < 400 || responseCode >= 600) return null;
  const answer = typeof response === "string" ? response : String(responseCode);
  return { permanent: responseCode >= 500, answer };
}

/**
 * What a send's failure says of its address: a permanent refusal suppresses it at once; a temporary one
 * that exhausted the send's retries (`final`) counts a soft bounce, and the SOFT_BOUNCE_LIMIT-th suppresses
 * it. A permanent refusal of a campaign's or a flow's message also marks the message bounced.
 */
export async function recordRefusal(
  table: SendTable,
  send: Holder & { subscriberId: string | null },
  refusal: RecipientRefusal,
  final: boolean,
): Promise<void> {
  const { subscriberId } = send;
  if (!subscriberId || !(refusal.permanent || final)) return;
  if (refusal.permanent) {
    await suppress(eq(subscribers.id, subscriberId), "bounced", `SMTP ${refusal.answer}`);
    if (table === campaignSends || table === flowSends)
      await db().update(table).set({ bouncedAt: sql`now()` }).where(eq(table.id, send.sendId));
  } else {
    await countSoftBounce(eq(subscribers.id, subscriberId), `SMTP ${refusal.answer}`);
  }
  logger().info(
    { subscriberId, sendId: send.sendId, table: getTableName(table), answer: refusal.answer },
    refusal.permanent ? "address bounced" : "address soft-bounced",
  );
}

/**
 * Counts a soft bounce (a send refused for now until its retries ran out) for the subscribers `which` picks;
 * the SOFT_BOUNCE_LIMIT-th suppresses the address as bounced.
 */
export async function countSoftBounce(which: SQL, answer: string): Promise<void> {
  const counted = await db()
    .update(subscribers)
    .set({ softBounces: sql`${subscribers.softBounces} + 1` })
    .where(which)
    .returning({ id: subscribers.id, softBounces: subscribers.softBounces });
  for (const { id, softBounces } of counted)
    if (softBounces >= SOFT_BOUNCE_LIMIT)
      await suppress(
        eq(subscribers.id, id),
        "bounced",
        `${softBounces} sends refused for now, the last with ${answer}`,
      );
}

/**
 * A subscriber's own email (welcome, confirmation) that is not sent because the address is suppressed:
 * recorded as such (the subscriber's Emails say why), unless it went or failed already (that record stays).
 */
export async function recordSuppressedEmail(
  storeId: string,
  subscriberId: string,
  kind: "welcome" | "confirmation",
  reason: string,
): Promise<void> {
  await db()
    .insert(emailSends)
    .values({ storeId, subscriberId, kind, status: "suppressed", attempts: 0, error: reason })
    .onConflictDoUpdate({
      target: [emailSends.subscriberId, emailSends.kind],
      set: { status: "suppressed", error: reason, lockedUntil: null },
      setWhere: sql`${emailSends.status} in ('pending', 'retrying', 'held')`,
    });
  logger().info({ storeId, subscriberId, kind, reason }, `${kind} email suppressed`);
}
