import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, db } from "~/db/client.server";
import { campaignSends, subscribers } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import type { CampaignAudience } from "~/lib/schemas/campaigns";
import { type ClaimedSend, heldBy } from "~/services/email/leases.server";
import { audienceConditions } from "./audience.server";

/**
 * campaign_sends: a row per (campaign, subscriber), written when the campaign starts, then claimed with a
 * lease before its message goes and finished as sent, failed or skipped by the outbox (delivery.server.ts,
 * services/email/outbox.server.ts). The row is what makes a message go once whatever happens to the
 * workers (docs/decisions/022).
 */

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

/** A message that will not go (the address left the list after the campaign started), with why. */
export async function skipMessage(message: ClaimedSend, reason: string): Promise<void> {
  await db()
    .update(campaignSends)
    .set({ status: "skipped", error: reason, lockedUntil: null })
    .where(heldBy(campaignSends, message));
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

/**
 * Counts a subscriber's unsubscribe against the campaign message whose link they used (its `c`, the message's
 * id; a value that is no message of theirs is ignored).
 */
export async function recordUnsubscribeFrom(campaignSendId: unknown, subscriberId: string): Promise<void> {
  if (typeof campaignSendId !== "string" || !isUuid(campaignSendId)) return;
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
