import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { campaignSends, subscribers } from "~/db/schema";
import { countSoftBounce, suppress } from "~/services/email/suppression.server";
import { queueConsentSync } from "~/services/shopify/consent-sync.server";
import { enqueue } from "../../../jobs/client";
import type { EmailEvent } from "./events.server";

/** A provider's notification counts against the store's last campaign message to the address within this. */
const ATTRIBUTION_WINDOW = "30 days";

/** The store's subscriber with this address (addresses are unique per store, whatever their case). */
const subscriberWith = (storeId: string, email: string): SQL =>
  and(eq(subscribers.storeId, storeId), sql`lower(${subscribers.email}) = lower(${email})`) as SQL;

/**
 * The bounce or complaint counts against the last campaign message each subscriber was sent: the provider
 * names the address, not our message, and a campaign's results show it (a welcome email's is the
 * subscriber's own record).
 */
async function markLastCampaignMessage(subscriberIds: string[], column: "bouncedAt" | "complainedAt") {
  if (subscriberIds.length === 0) return;
  const last = db()
    .selectDistinctOn([campaignSends.subscriberId], { id: campaignSends.id })
    .from(campaignSends)
    .where(
      and(
        inArray(campaignSends.subscriberId, subscriberIds),
        eq(campaignSends.status, "sent"),
        sql`${campaignSends.sentAt} > now() - interval '${sql.raw(ATTRIBUTION_WINDOW)}'`,
      ),
    )
    .orderBy(campaignSends.subscriberId, sql`${campaignSends.sentAt} desc`);
  await db()
    .update(campaignSends)
    .set({ [column]: sql`now()` })
    .where(and(inArray(campaignSends.id, last), sql`${campaignSends[column]} is null`));
}

/**
 * What a provider reported, applied to the store's subscribers: a bounce suppresses the address, a soft
 * bounce counts towards it, a complaint suppresses and unsubscribes it (and tells a consent-synced Shopify
 * customer). An address the store does not have changes nothing.
 */
export async function applyEmailEvents(storeId: string, events: EmailEvent[]): Promise<void> {
  for (const event of events) {
    const which = subscriberWith(storeId, event.email);
    if (event.kind === "soft-bounce") {
      await countSoftBounce(which, event.reason);
      continue;
    }
    const kind = event.kind === "bounce" ? "bounced" : "complained";
    const changed = await suppress(which, kind, event.reason);
    await markLastCampaignMessage(changed, kind === "bounced" ? "bouncedAt" : "complainedAt");
    if (kind === "complained" && changed.length > 0) {
      await enqueue("email", { type: "unsubscribe-check", storeId });
      for (const subscriberId of changed) await queueConsentSync(subscriberId);
    }
  }
}
