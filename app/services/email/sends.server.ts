import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { prepared } from "~/db/prepared.server";
import { emailSends, emailSettings, emailTemplates } from "~/db/schema";
import { EMAIL_NOT_SET_UP, welcomeHoldReason } from "~/lib/schemas/held-emails";
import { logger } from "~/server/logger.server";
import { type Holder, heldBy, leaseFromNow, leaseSeconds } from "./leases.server";
import { forgetStoreBundle } from "./mail-context.server";

/**
 * The sends of a subscriber's own emails (email_sends, one per subscriber and kind): claimed one at a time
 * by a job (claimSend), or by the batch from the outbox (welcome-outbox.server.ts).
 */

export type Claim =
  | ({ kind: "claimed" } & Holder)
  | { kind: "done"; sendId: string | null }
  | { kind: "busy" };

/** Another worker holds the send right now: the job must retry later rather than complete. */
export class SendInProgress extends Error {}

const claimStatement = () =>
  prepared("email_send_claim", (database) => {
    const lease = leaseFromNow(sql.placeholder("leaseSeconds"));
    return database
      .insert(emailSends)
      .values({
        storeId: sql.placeholder("storeId"),
        subscriberId: sql.placeholder("subscriberId"),
        kind: sql.placeholder("kind"),
        status: "sending",
        lockedUntil: lease,
      })
      .onConflictDoUpdate({
        target: [emailSends.subscriberId, emailSends.kind],
        set: { status: "sending", lockedUntil: lease, attempts: sql`${emailSends.attempts} + 1` },
        setWhere: sql`${emailSends.status} in ('pending', 'retrying') or (${emailSends.status} = 'sending' and ${emailSends.lockedUntil} < now())`,
      })
      .returning({ id: emailSends.id, attempts: emailSends.attempts })
      .prepare("email_send_claim");
  });

/**
 * Takes the right to send one (subscriber, kind) message. A new row, a row left "pending" or "retrying",
 * or a "sending" row whose lease ran out (its worker died) can be claimed; a sent or failed one is done.
 */
export async function claimSend(
  storeId: string,
  subscriberId: string,
  kind: "welcome" | "confirmation",
): Promise<Claim> {
  const [claimed] = await claimStatement().execute({
    storeId,
    subscriberId,
    kind,
    leaseSeconds: leaseSeconds(),
  });
  if (claimed) return { kind: "claimed", sendId: claimed.id, attempt: claimed.attempts };
  const [existing] = await db()
    .select({ id: emailSends.id, status: emailSends.status })
    .from(emailSends)
    .where(and(eq(emailSends.subscriberId, subscriberId), eq(emailSends.kind, kind)));
  return existing?.status === "sending" ? { kind: "busy" } : { kind: "done", sendId: existing?.id ?? null };
}

/** A temporary failure of a job's send: left to the job's next attempt (a permanent one is markFailed's). */
export async function markRetrying(holder: Holder, error: string): Promise<void> {
  await db()
    .update(emailSends)
    .set({ status: "retrying", error: error.slice(0, 1000), lockedUntil: null })
    .where(heldBy(emailSends, holder));
}

/** An outbox send that is not to go at all (unsubscribed meanwhile, welcome emails off): no record stays. */
export async function dropSend(holder: Holder): Promise<void> {
  await db().delete(emailSends).where(heldBy(emailSends, holder));
}

/** An outbox send whose address bounced or complained: kept, as suppressed, with why (docs/decisions/173). */
export async function suppressClaimedSend(holder: Holder, reason: string): Promise<void> {
  await db()
    .update(emailSends)
    .set({ status: "suppressed", lockedUntil: null, error: reason })
    .where(heldBy(emailSends, holder));
}

/** The store can send: SMTP host, port and sender saved. Read fresh, never from a cache. */
export async function storeCanSend(storeId: string): Promise<boolean> {
  const [row] = await db()
    .select({ configured: emailSettings.isConfigured })
    .from(emailSettings)
    .where(eq(emailSettings.storeId, storeId));
  return row?.configured ?? false;
}

/** Why the store's welcome emails are held right now (welcomeHoldReason), read fresh, never from a cache. */
export async function storeWelcomeHoldReason(storeId: string): Promise<string | null> {
  const [row] = await db()
    .select({ emailConfigured: emailSettings.isConfigured, companyAddress: emailTemplates.companyAddress })
    .from(emailSettings)
    .leftJoin(emailTemplates, eq(emailTemplates.storeId, emailSettings.storeId))
    .where(eq(emailSettings.storeId, storeId));
  return welcomeHoldReason({
    emailConfigured: row?.emailConfigured ?? false,
    companyAddress: row?.companyAddress ?? "",
  });
}

/**
 * An outbox welcome email claimed while its store looked unable to send it: email not set up, or no postal
 * address (held-emails: never dropped). The mail context may be a few seconds old: when the store can send
 * it by now, the send is put back, due at once, for the same drain to send from fresh settings; otherwise
 * it is held with the reason as it is now.
 */
export async function holdClaimedSend(holder: Holder & { storeId: string }): Promise<void> {
  const reason = await storeWelcomeHoldReason(holder.storeId);
  if (!reason) {
    forgetStoreBundle(holder.storeId);
    await db()
      .update(emailSends)
      .set({ status: "pending", lockedUntil: null, attempts: sql`${emailSends.attempts} - 1` })
      .where(heldBy(emailSends, holder));
    return;
  }
  await db()
    .update(emailSends)
    .set({ status: "held", lockedUntil: null, error: reason })
    .where(heldBy(emailSends, holder));
}

/**
 * A job's email (a welcome email after a Shopify code or a confirmation, a confirmation request) that cannot
 * go because the store's email is not set up (`reason`, or a welcome email's missing postal address): written
 * down as held, unless it went or is being sent.
 */
export async function holdEmail(
  storeId: string,
  subscriberId: string,
  kind: "welcome" | "confirmation",
  reason = EMAIL_NOT_SET_UP,
): Promise<void> {
  const held = await db()
    .insert(emailSends)
    .values({ storeId, subscriberId, kind, status: "held", attempts: 0, error: reason })
    .onConflictDoUpdate({
      target: [emailSends.subscriberId, emailSends.kind],
      set: { status: "held", error: reason, lockedUntil: null },
      setWhere: sql`${emailSends.status} in ('pending', 'retrying', 'held', 'discarded')`,
    })
    .returning({ id: emailSends.id });
  // Already sent: this was a copy asked for again, which is not kept for later.
  const outcome = held.length > 0 ? "held" : "copy not sent";
  logger().warn({ storeId, subscriberId, kind }, `${kind} email ${outcome}: ${reason}`);
}
