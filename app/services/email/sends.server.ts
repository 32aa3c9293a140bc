import { and, eq, type Placeholder, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { prepared } from "~/db/prepared.server";
import { emailSends } from "~/db/schema";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";

/**
 * How long a claim lasts without renewal: short enough to recover a killed worker's send soon; a live
 * worker renews it while its send runs (keepLease), so a slow SMTP server does not make it lapse.
 */
const leaseSeconds = () => env().EMAIL_SEND_LEASE_SECONDS;

const leaseFromNow = (seconds: Placeholder | number) => sql`now() + make_interval(secs => ${seconds}::int)`;

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
        setWhere: sql`${emailSends.status} = 'retrying' or (${emailSends.status} = 'sending' and ${emailSends.lockedUntil} < now())`,
      })
      .returning({ id: emailSends.id, attempts: emailSends.attempts })
      .prepare("email_send_claim");
  });

/**
 * Takes the right to send one (subscriber, kind) message. A new row, a row left "retrying", or a
 * "sending" row whose lease ran out (its worker died) can be claimed; a sent or failed one is done.
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

const markSentStatement = () =>
  prepared("email_send_mark_sent", (database) =>
    database
      .update(emailSends)
      .set({
        status: "sent",
        sentAt: sql`now()`,
        messageId: sql`${sql.placeholder("messageId")}`,
        lockedUntil: null,
        error: null,
      })
      .where(heldBy(sql.placeholder("sendId"), sql.placeholder("attempt")))
      .returning({ id: emailSends.id })
      .prepare("email_send_mark_sent"),
  );

/** Records the send as sent; false (and nothing changed) when another worker had claimed it meanwhile. */
export async function markSent(holder: Holder, messageId: string): Promise<boolean> {
  const marked = await markSentStatement().execute({ ...holder, messageId });
  return marked.length > 0;
}

/** A permanent failure is recorded and never retried; a temporary one leaves the send to the next attempt. */
export async function markFailed(holder: Holder, error: string, permanent: boolean): Promise<void> {
  await db()
    .update(emailSends)
    .set({ status: permanent ? "failed" : "retrying", error: error.slice(0, 1000), lockedUntil: null })
    .where(heldBy(holder.sendId, holder.attempt));
}

/** Extends the holder's lease by a full term; false once another worker has claimed the send. */
async function renewLease(holder: Holder): Promise<boolean> {
  const renewed = await db()
    .update(emailSends)
    .set({ lockedUntil: leaseFromNow(leaseSeconds()) })
    .where(heldBy(holder.sendId, holder.attempt))
    .returning({ id: emailSends.id });
  return renewed.length > 0;
}

/**
 * Renews the holder's lease every third of its term until the returned function is called, so a send
 * slower than the lease (a slow SMTP server, a loaded machine) is not claimed and sent again by another
 * worker. A failed renewal is tried again at the next tick, two ticks before the lease would lapse.
 */
export function keepLease(holder: Holder): () => void {
  const timer = setInterval(
    () => {
      renewLease(holder)
        .then((held) => {
          if (held) return;
          clearInterval(timer);
          logger().warn(holder, "send lease lost: another worker claimed the send");
        })
        .catch((error: unknown) => logger().warn({ ...holder, err: error }, "send lease not renewed"));
    },
    (leaseSeconds() * 1000) / 3,
  );
  timer.unref();
  return () => clearInterval(timer);
}
