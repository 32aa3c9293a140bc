import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, db } from "~/db/client.server";
import { campaignSends, subscribers } from "~/db/schema";
import type { CampaignAudience } from "~/lib/schemas/campaigns";
import { keepRenewing, leaseFromNow, leaseSeconds } from "~/services/email/sends.server";
import { audienceConditions } from "./audience.server";

/**
 * The one module that writes campaign_sends: a row per (campaign, subscriber), written when the campaign
 * starts, claimed with a lease before its message goes, and finished as sent, failed or skipped. The row is
 * what makes a message go once whatever happens to the workers (docs/decisions/022).
 */

/** A claimed message: its row, the claim's attempt number (every claim increases it) and its subscriber. */
export type ClaimedMessage = { sendId: string; attempt: number; subscriberId: string | null };

/** Freezes the audience: one pending row per subscriber it reaches now. Answers how many rows there are. */
export async function freezeAudience(
  tx: Db,
  campaign: { id: string; storeId: string; audience: CampaignAudience },
): Promise<number> {
  await tx.execute(sql`
    insert into ${campaignSends} (campaign_id, store_id, subscriber_id)
    select ${campaign.id}, ${campaign.storeId}, ${subscribers.id} from ${subscribers}
    where ${and(...audienceConditions(campaign.storeId, campaign.audience))}
    on conflict do nothing`);
  const [row] = await tx
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(campaignSends)
    .where(eq(campaignSends.campaignId, campaign.id));
  return row?.value ?? 0;
}

/** Rows a worker may take: pending and due, or sending with a lapsed lease (their worker died). */
const due = sql`((${campaignSends.status} = 'pending' and (${campaignSends.lockedUntil} is null or ${campaignSends.lockedUntil} <= now()))
  or (${campaignSends.status} = 'sending' and ${campaignSends.lockedUntil} < now()))`;

/** Claims up to `limit` due messages of the campaign; rows another worker is claiming are skipped. */
export async function claimMessages(campaignId: string, limit: number): Promise<ClaimedMessage[]> {
  const rows = db()
    .select({ id: campaignSends.id })
    .from(campaignSends)
    .where(and(eq(campaignSends.campaignId, campaignId), due))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db()
    .update(campaignSends)
    .set({
      status: "sending",
      lockedUntil: leaseFromNow(leaseSeconds()),
      attempts: sql`${campaignSends.attempts} + 1`,
    })
    .where(inArray(campaignSends.id, rows))
    .returning({
      sendId: campaignSends.id,
      attempt: campaignSends.attempts,
      subscriberId: campaignSends.subscriberId,
    });
}

/** The row while this claim is the current one (nobody claimed it since). */
const held = (message: ClaimedMessage) =>
  and(
    eq(campaignSends.id, message.sendId),
    eq(campaignSends.attempts, message.attempt),
    eq(campaignSends.status, "sending"),
  );

/** Renews the batch's leases while its messages go (see keepRenewing). */
export function keepMessageLeases(batch: ClaimedMessage[]): () => void {
  const ids = batch.map((message) => message.sendId);
  return keepRenewing(
    async () =>
      (
        await db()
          .update(campaignSends)
          .set({ lockedUntil: leaseFromNow(leaseSeconds()) })
          .where(and(inArray(campaignSends.id, ids), eq(campaignSends.status, "sending")))
          .returning({ id: campaignSends.id })
      ).length,
    { campaignSendIds: ids },
  );
}

/** Records the message as delivered; false when another worker had taken it over meanwhile. */
export async function markMessageSent(message: ClaimedMessage, messageId: string): Promise<boolean> {
  const marked = await db()
    .update(campaignSends)
    .set({ status: "sent", sentAt: sql`now()`, messageId, lockedUntil: null, error: null })
    .where(held(message))
    .returning({ id: campaignSends.id });
  return marked.length > 0;
}

/** A message that will not go: failed for good (with the server's answer), or skipped (left the list). */
export async function finishMessage(
  message: ClaimedMessage,
  status: "failed" | "skipped",
  error: string | null,
): Promise<void> {
  await db()
    .update(campaignSends)
    .set({ status, error: error?.slice(0, 1000) ?? null, lockedUntil: null })
    .where(held(message));
}

/** A temporary failure: pending again, not before `delaySeconds` from now. */
export async function retryMessageLater(
  message: ClaimedMessage,
  error: string,
  delaySeconds: number,
): Promise<void> {
  await db()
    .update(campaignSends)
    .set({
      status: "pending",
      error: error.slice(0, 1000),
      lockedUntil: leaseFromNow(Math.ceil(delaySeconds)),
    })
    .where(held(message));
}

/** How many of the campaign's messages wait or are on their way. */
export async function messagesLeft(campaignId: string): Promise<number> {
  const [row] = await db()
    .select({ left: sql<number>`count(*)`.mapWith(Number) })
    .from(campaignSends)
    .where(
      and(eq(campaignSends.campaignId, campaignId), inArray(campaignSends.status, ["pending", "sending"])),
    );
  return row?.left ?? 0;
}

/** Marks the unsubscribe of a subscriber as caused by one campaign message of theirs (ids of others are ignored). */
export async function recordUnsubscribeFrom(campaignSendId: string, subscriberId: string): Promise<void> {
  await db()
    .update(campaignSends)
    .set({ unsubscribedAt: sql`now()` })
    .where(
      and(
        eq(campaignSends.id, campaignSendId),
        eq(campaignSends.subscriberId, subscriberId),
        sql`${campaignSends.unsubscribedAt} is null`,
      ),
    );
}
