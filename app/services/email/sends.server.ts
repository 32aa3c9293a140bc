import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { prepared } from "~/db/prepared.server";
import { emailSends } from "~/db/schema";
import { type Holder, heldBy, leaseFromNow, leaseSeconds } from "./leases.server";

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
