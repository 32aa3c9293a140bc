import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { campaignSends, emailClickTracking, orderAttributions } from "~/db/schema";
import type { CampaignStats } from "~/lib/schemas/campaign-views";
import type { Actor } from "~/services/access/actor.server";
import { ordersAfterMessages, revenueByCurrency } from "~/services/stores/revenue.server";
import { requireCampaign } from "./crud.server";
import { clickRate, clicksOf, NOT_STARTED, progressOf } from "./figures.server";

const ordersAfter = (campaignId: string, storeId: string) =>
  and(
    eq(orderAttributions.storeId, storeId),
    ordersAfterMessages(
      sql`select subscriber_id, sent_at from ${campaignSends} where campaign_id = ${campaignId} and status = 'sent'`,
    ),
  );

/** First clicks per UTC day. */
async function clicksPerDay(campaignId: string): Promise<CampaignStats["clicksPerDay"]> {
  const day = sql<string>`to_char(date_trunc('day', ${emailClickTracking.clickedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  return db()
    .select({
      day,
      clicks: sql<number>`count(distinct ${emailClickTracking.campaignSendId})`.mapWith(Number),
    })
    .from(emailClickTracking)
    .innerJoin(campaignSends, eq(campaignSends.id, emailClickTracking.campaignSendId))
    .where(and(eq(campaignSends.campaignId, campaignId), eq(emailClickTracking.isClicked, true)))
    .groupBy(day)
    .orderBy(day);
}

/** GET …/campaigns/:campaignId/stats. */
export async function getCampaignStats(
  actor: Actor,
  storeId: string,
  campaignId: string,
): Promise<CampaignStats> {
  const campaign = await requireCampaign(actor, storeId, campaignId);
  const [progress, clicks, revenue, perDay] = await Promise.all([
    progressOf([campaign.id]),
    clicksOf([campaign.id]),
    revenueByCurrency(ordersAfter(campaign.id, campaign.storeId)),
    clicksPerDay(campaign.id),
  ]);
  const { total, sent, failed, pending, unsubscribes, bounces, complaints } =
    progress.get(campaign.id) ?? NOT_STARTED;
  const { unique, total: totalClicks } = clicks.get(campaign.id) ?? { unique: 0, total: 0 };
  return {
    recipients: total,
    delivered: sent,
    failed,
    pending,
    uniqueClicks: unique,
    totalClicks,
    clickRate: clickRate(unique, sent),
    unsubscribes,
    bounces,
    complaints,
    revenue,
    clicksPerDay: perDay,
  };
}
