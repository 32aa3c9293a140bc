import { eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { campaignSends, emailClickTracking } from "~/db/schema";
import type { CampaignFigures, CampaignProgress } from "~/lib/schemas/campaign-views";

/** Counts over campaign_sends and the campaigns' tracked links, for the list, one campaign and its stats. */

const counted = (condition: ReturnType<typeof sql>) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

export const clickRate = (uniqueClicks: number, delivered: number) =>
  delivered === 0 ? 0 : Math.round((uniqueClicks / delivered) * 1000) / 10;

/** What the stats add to a campaign's progress: unsubscribes, bounces and complaints its messages caused. */
type Reactions = { unsubscribes: number; bounces: number; complaints: number };

/** The recipients' states of several campaigns at once (campaigns not started yet are absent). */
export async function progressOf(campaignIds: string[]): Promise<Map<string, CampaignProgress & Reactions>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db()
    .select({
      campaignId: campaignSends.campaignId,
      total: sql<number>`count(*)`.mapWith(Number),
      sent: counted(sql`${campaignSends.status} = 'sent'`),
      failed: counted(sql`${campaignSends.status} = 'failed'`),
      skipped: counted(sql`${campaignSends.status} = 'skipped'`),
      pending: counted(sql`${campaignSends.status} in ('pending', 'sending')`),
      unsubscribes: counted(sql`${campaignSends.unsubscribedAt} is not null`),
      bounces: counted(sql`${campaignSends.bouncedAt} is not null`),
      complaints: counted(sql`${campaignSends.complainedAt} is not null`),
    })
    .from(campaignSends)
    .where(inArray(campaignSends.campaignId, campaignIds))
    .groupBy(campaignSends.campaignId);
  return new Map(rows.map(({ campaignId, ...figures }) => [campaignId, figures]));
}

/** Messages with at least one click, and every click, per campaign. */
export async function clicksOf(
  campaignIds: string[],
): Promise<Map<string, { unique: number; total: number }>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db()
    .select({
      campaignId: campaignSends.campaignId,
      unique:
        sql<number>`count(distinct ${emailClickTracking.campaignSendId}) filter (where ${emailClickTracking.isClicked})`.mapWith(
          Number,
        ),
      total: sql<number>`coalesce(sum(${emailClickTracking.clickCount}), 0)`.mapWith(Number),
    })
    .from(emailClickTracking)
    .innerJoin(campaignSends, eq(campaignSends.id, emailClickTracking.campaignSendId))
    .where(inArray(campaignSends.campaignId, campaignIds))
    .groupBy(campaignSends.campaignId);
  return new Map(rows.map(({ campaignId, ...clicks }) => [campaignId, clicks]));
}

export const NOT_STARTED: CampaignProgress & Reactions = {
  total: 0,
  sent: 0,
  failed: 0,
  skipped: 0,
  pending: 0,
  unsubscribes: 0,
  bounces: 0,
  complaints: 0,
};

/** One campaign's progress (zeros before it starts). */
export async function campaignProgress(campaignId: string): Promise<CampaignProgress> {
  const {
    unsubscribes: _unsubscribes,
    bounces: _bounces,
    complaints: _complaints,
    ...progress
  } = (await progressOf([campaignId])).get(campaignId) ?? NOT_STARTED;
  return progress;
}

/** Each campaign with the list's figures. */
export async function withFigures<Row extends { id: string }>(
  rows: Row[],
): Promise<(Row & CampaignFigures)[]> {
  const ids = rows.map((row) => row.id);
  const [progress, clicks] = await Promise.all([progressOf(ids), clicksOf(ids)]);
  return rows.map((row) => {
    const { total, sent, failed } = progress.get(row.id) ?? NOT_STARTED;
    const uniqueClicks = clicks.get(row.id)?.unique ?? 0;
    return {
      ...row,
      recipients: total,
      delivered: sent,
      failed,
      uniqueClicks,
      clickRate: clickRate(uniqueClicks, sent),
    };
  });
}
