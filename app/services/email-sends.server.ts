import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { prepared } from "~/db/prepared.server";
import { emailSends } from "~/db/schema";
import { env } from "~/lib/env.server";

/** How long a worker owns a send: longer than the SMTP timeouts, short enough to recover a killed worker. */
const leaseSeconds = () => env().EMAIL_SEND_LEASE_SECONDS;

/** `attempt` 1 is a first claim: nothing of an earlier try (tracking rows) can exist yet. */
export type Claim =
  | { kind: "claimed"; sendId: string; attempt: number }
  | { kind: "done"; sendId: string | null }
  | { kind: "busy" };

/** Another worker holds the send right now: the job must retry later rather than complete. */
export class SendInProgress extends Error {}

const claimStatement = () =>
  prepared("email_send_claim", (database) => {
    const lease = sql`now() + make_interval(secs => ${sql.placeholder("leaseSeconds")}::int)`;
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
      .where(eq(emailSends.id, sql.placeholder("sendId")))
      .prepare("email_send_mark_sent"),
  );

export async function markSent(sendId: string, messageId: string): Promise<void> {
  await markSentStatement().execute({ sendId, messageId });
}

/** A permanent failure is recorded and never retried; a temporary one leaves the send to the next attempt. */
export async function markFailed(sendId: string, error: string, permanent: boolean): Promise<void> {
  await db()
    .update(emailSends)
    .set({ status: permanent ? "failed" : "retrying", error: error.slice(0, 1000), lockedUntil: null })
    .where(eq(emailSends.id, sendId));
}
