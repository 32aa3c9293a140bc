import { and, eq, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { campaignSends, emailClickTracking, flowSends, orderAttributions } from "~/db/schema";
import type { CampaignStats } from "~/lib/schemas/campaign-views";
import type { Actor } from "~/services/access/actor.server";
import { revenueByCurrency } from "~/services/stores/revenue.server";
import { requireCampaign } from "./crud.server";
import { clickRate, clicksOf, NOT_STARTED, progressOf } from "./figures.server";

/** An order counts for a campaign (or a flow) when its subscriber ordered within this long after the message. */
const ATTRIBUTION_WINDOW = "7 days";

/** Every marketing message that reached its subscriber: a campaign's or a flow's. */
const sentMessages = sql`(select subscriber_id, sent_at from ${campaignSends} where status = 'sent'
  union all select subscriber_id, sent_at from ${flowSends} where status = 'sent')`;

/**
 * Orders the messages `touched` (sent rows: subscriber_id, sent_at) led to: their subscriber ordered (with
 * their code, see revenue.server.ts) within the window after a message was delivered, and no later campaign
 * or flow message reached them before the order (the last message touched gets the order, so two campaigns,
 * or a campaign and a flow, never both count it).
 */
export function ordersAfterMessages(touched: SQL): SQL {
  return sql`exists (
      select 1 from (${touched}) as touched
      where touched.subscriber_id = ${orderAttributions.subscriberId}
        and touched.sent_at <= ${orderAttributions.orderedAt}
        and ${orderAttributions.orderedAt} < touched.sent_at + interval '${sql.raw(ATTRIBUTION_WINDOW)}'
        and not exists (
          select 1 from ${sentMessages} as later
          where later.subscriber_id = touched.subscriber_id
            and later.sent_at > touched.sent_at
            and later.sent_at <= ${orderAttributions.orderedAt}
        )
    )`;
}

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
