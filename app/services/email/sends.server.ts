import { and, eq, inArray, type Placeholder, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { prepared } from "~/db/prepared.server";
import { emailSends } from "~/db/schema";
import { coalesced } from "~/server/coalesce.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";

/**
 * How long a claim lasts without renewal: short enough to recover a killed worker's send soon; a live
 * worker renews it while its send runs (keepLeases), so a slow SMTP server does not make it lapse.
 */
export const leaseSeconds = () => env().EMAIL_SEND_LEASE_SECONDS;

export const leaseFromNow = (seconds: Placeholder | number) =>
  sql`now() + make_interval(secs => ${seconds}::int)`;

/**
 * The worker that claimed a send: the row and its attempt number, which every later claim increases.
 * `attempt` 1 is a first claim: nothing of an earlier try (tracking rows) can exist yet.
 */
export type Holder = { sendId: string; attempt: number };

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

/** The send row while this claim is the current one (no other worker claimed it since). */
const heldBy = (sendId: string | Placeholder, attempt: number | Placeholder) =>
  and(eq(emailSends.id, sendId), eq(emailSends.attempts, attempt), eq(emailSends.status, "sending"));

/** The holders as one JSON parameter (one statement for many sends; read by jsonb_to_recordset). */
const holdersJson = (holders: (Holder & { messageId?: string })[]) =>
  JSON.stringify(
    holders.map(({ sendId, attempt, messageId }) => ({ id: sendId, attempt, message_id: messageId })),
  );

const heldRows = sql`jsonb_to_recordset(${sql.placeholder("holders")}::jsonb) as held(id uuid, attempt int, message_id text)`;
const isHeld = sql`${emailSends.id} = held.id and ${emailSends.attempts} = held.attempt and ${emailSends.status} = 'sending'`;

const markSentStatement = () =>
  prepared("email_send_mark_sent", (database) =>
    database
      .update(emailSends)
      .set({
        status: "sent",
        sentAt: sql`now()`,
        messageId: sql`held.message_id`,
        lockedUntil: null,
        error: null,
      })
      .from(heldRows)
      .where(isHeld)
      .returning({ id: emailSends.id })
      .prepare("email_send_mark_sent"),
  );

/** Sends delivered meanwhile, recorded together: one statement per burst of a busy worker. */
const markSentTogether = coalesced(async (sent: (Holder & { messageId: string; taken: () => void })[]) => {
  const marked = new Set(
    (await markSentStatement().execute({ holders: holdersJson(sent) })).map((row) => row.id),
  );
  for (const send of sent) if (!marked.has(send.sendId)) send.taken();
});

/** Records the send as sent; false (and nothing changed) when another worker had claimed it meanwhile. */
export async function markSent(holder: Holder, messageId: string): Promise<boolean> {
  let held = true;
  await markSentTogether({
    ...holder,
    messageId,
    taken: () => {
      held = false;
    },
  });
  return held;
}

/** A permanent failure is recorded and never retried; a temporary one leaves the send to the next attempt. */
export async function markFailed(holder: Holder, error: string, permanent: boolean): Promise<void> {
  await db()
    .update(emailSends)
    .set({ status: permanent ? "failed" : "retrying", error: error.slice(0, 1000), lockedUntil: null })
    .where(heldBy(holder.sendId, holder.attempt));
}

/** An outbox send that failed for now: pending again, not before `delaySeconds` from now. */
export async function sendLater(holder: Holder, error: string, delaySeconds: number): Promise<void> {
  await db()
    .update(emailSends)
    .set({
      status: "pending",
      error: error.slice(0, 1000),
      lockedUntil: leaseFromNow(Math.ceil(delaySeconds)),
    })
    .where(heldBy(holder.sendId, holder.attempt));
}

/** An outbox send that is not to go at all (unsubscribed meanwhile, welcome emails off): no record stays. */
export async function dropSend(holder: Holder): Promise<void> {
  await db().delete(emailSends).where(heldBy(holder.sendId, holder.attempt));
}

/** A welcome email of the outbox, claimed: its send row and whom it goes to. */
export type ClaimedSend = Holder & { subscriberId: string; storeId: string };

/**
 * Claims up to `limit` due welcome emails in one statement: pending ones (written with their subscriber)
 * and sends whose worker died (lease lapsed). Rows another worker is claiming are skipped, not waited for.
 */
export async function claimDueWelcomeSends(limit: number): Promise<ClaimedSend[]> {
  const due = db()
    .select({ id: emailSends.id })
    .from(emailSends)
    .where(
      and(
        eq(emailSends.kind, "welcome"),
        sql`((${emailSends.status} = 'pending' and (${emailSends.lockedUntil} is null or ${emailSends.lockedUntil} <= now()))
          or (${emailSends.status} = 'sending' and ${emailSends.lockedUntil} < now()))`,
      ),
    )
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db()
    .update(emailSends)
    .set({
      status: "sending",
      lockedUntil: leaseFromNow(leaseSeconds()),
      attempts: sql`${emailSends.attempts} + 1`,
    })
    .where(inArray(emailSends.id, due))
    .returning({
      sendId: emailSends.id,
      attempt: emailSends.attempts,
      subscriberId: emailSends.subscriberId,
      storeId: emailSends.storeId,
    });
  return claimed;
}

const renewStatement = () =>
  prepared("email_send_renew_lease", (database) =>
    database
      .update(emailSends)
      .set({ lockedUntil: leaseFromNow(sql.placeholder("leaseSeconds")) })
      .from(heldRows)
      .where(isHeld)
      .returning({ id: emailSends.id })
      .prepare("email_send_renew_lease"),
  );

/**
 * Renews the holders' leases (one statement) every third of their term until the returned function is
 * called, so a send slower than the lease (a slow SMTP server, a loaded machine) is not claimed and sent
 * again by another worker.
 */
export function keepLeases(holders: Holder[]): () => void {
  return keepRenewing(
    async () =>
      (await renewStatement().execute({ holders: holdersJson(holders), leaseSeconds: leaseSeconds() }))
        .length,
    { sendIds: holders.map((holder) => holder.sendId) },
  );
}

/**
 * Calls `renew` (which answers how many leases it renewed) every third of the lease term until the returned
 * function is called. A failed renewal is tried again at the next tick, two ticks before the lease would
 * lapse; renewal stops once nothing is left to renew.
 */
export function keepRenewing(renew: () => Promise<number>, about: Record<string, unknown>): () => void {
  const timer = setInterval(
    () => {
      renew()
        .then((renewed) => {
          if (renewed > 0) return;
          clearInterval(timer);
          logger().warn(about, "send lease no longer held");
        })
        .catch((error: unknown) => logger().warn({ ...about, err: error }, "send lease not renewed"));
    },
    (leaseSeconds() * 1000) / 3,
  );
  timer.unref();
  return () => clearInterval(timer);
}
