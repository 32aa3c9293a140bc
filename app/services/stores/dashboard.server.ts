import { and, countDistinct, gt, gte, inArray, sql, sum } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orderAttributions, popupViews, storeCounters, subscribers } from "~/db/schema";
import { type DashboardDay, type NotSubscribed, RECENT_DAYS } from "~/lib/schemas/dashboard";
import type { AttributedRevenue } from "~/lib/schemas/popup-stats";
import type { Actor } from "~/services/access/actor.server";
import { listStoreSummaries, requireStore } from "./crud.server";
import { conversionRate, fromPopup, recentDays } from "./popup-figures.server";
import { flowEmailRevenue, revenueByCurrency } from "./revenue.server";

/** The stores a dashboard figure covers: one store when given (checked against the tenant), else all. */
async function storeIdsInScope(actor: Actor, storeId: string | undefined): Promise<string[]> {
  if (storeId) return [(await requireStore(actor, storeId)).id];
  return (await listStoreSummaries(actor)).map((store) => store.id);
}

const noFigures = {
  activeStores: 0,
  totalSubscribers: 0,
  notSubscribed: { unsubscribed: 0, cleaned: 0, unconfirmed: 0 } as NotSubscribed,
  conversionRate: "0.0",
  couponsUsed: 0,
  revenue: [],
  flowRevenue: [] as AttributedRevenue[],
  recentDays: RECENT_DAYS,
  popupViews: 0,
  popupSubscribers: 0,
  importedSubscribers: 0,
};

/**
 * SPEC §2 dashboard, each figure defined so that they agree (docs/decisions/112):
 * - activeStores: stores whose popup was seen on their storefront in the last 30 days (a counted popup view);
 * - totalSubscribers: the subscribers a campaign to every subscriber reaches now (active, not bounced or
 *   complained, confirmed where double opt-in asked for it: campaigns/audience.server.ts), imports included;
 *   the others apart, by why (notSubscribed): unsubscribed, cleaned (bounced or reported spam), unconfirmed;
 * - couponsUsed: all time;
 * all of these from the counters the database keeps;
 * - conversionRate: subscribers who came through the popup ÷ popup views, both over the last 30 days;
 *   imported subscribers are given apart (importedSubscribers) and never counted as conversions;
 * and the revenue of orders attributed to popups, per currency, and of those the part that followed an
 * automation's email within the attribution window (flowRevenue).
 */
export async function dashboardStats(actor: Actor, storeId?: string) {
  const ids = await storeIdsInScope(actor, storeId);
  if (ids.length === 0) return noFigures;
  const { day, since } = recentDays();
  const [[views], [totals], [recent], revenue, flowRevenue] = await Promise.all([
    db()
      .select({
        activeStores: countDistinct(popupViews.storeId),
        views: sum(popupViews.views).mapWith(Number),
      })
      .from(popupViews)
      .where(and(inArray(popupViews.storeId, ids), gte(popupViews.day, day), gt(popupViews.views, 0))),
    // Counters the database keeps (store_counters): a count(*) here read every subscriber row.
    db()
      .select({
        all: sql<number>`coalesce(sum(${storeCounters.subscribers}), 0)`.mapWith(Number),
        mailable: sql<number>`coalesce(sum(${storeCounters.mailableSubscribers}), 0)`.mapWith(Number),
        unconfirmed: sql<number>`coalesce(sum(${storeCounters.unconfirmedSubscribers}), 0)`.mapWith(Number),
        cleaned: sql<number>`coalesce(sum(${storeCounters.suppressedSubscribers}), 0)`.mapWith(Number),
        couponsUsed: sql<number>`coalesce(sum(${storeCounters.couponsUsed}), 0)`.mapWith(Number),
      })
      .from(storeCounters)
      .where(inArray(storeCounters.storeId, ids)),
    db()
      .select({
        popup: sql<number>`count(*) filter (where ${fromPopup})`.mapWith(Number),
        imported: sql<number>`count(*) filter (where not ${fromPopup})`.mapWith(Number),
      })
      .from(subscribers)
      .where(and(inArray(subscribers.storeId, ids), gte(subscribers.subscribedAt, since))),
    revenueByCurrency(inArray(orderAttributions.storeId, ids)),
    flowEmailRevenue(ids),
  ]);
  const popupViewCount = views?.views ?? 0;
  const popupSubscribers = recent?.popup ?? 0;
  const { all = 0, mailable = 0, unconfirmed = 0, cleaned = 0 } = totals ?? {};
  return {
    activeStores: views?.activeStores ?? 0,
    totalSubscribers: mailable,
    notSubscribed: { unsubscribed: all - mailable - unconfirmed - cleaned, cleaned, unconfirmed },
    conversionRate: conversionRate(popupSubscribers, popupViewCount),
    couponsUsed: totals?.couponsUsed ?? 0,
    revenue,
    flowRevenue,
    recentDays: RECENT_DAYS,
    popupViews: popupViewCount,
    popupSubscribers,
    importedSubscribers: recent?.imported ?? 0,
  };
}

/** New subscribers per day for the last 30 days (UTC), zero-filled: those from the popup and those imported. */
export async function subscribersPerDay(actor: Actor, storeId?: string): Promise<DashboardDay[]> {
  const ids = await storeIdsInScope(actor, storeId);
  const { since } = recentDays();
  const counts = new Map<string, { fromPopup: number; imported: number }>();
  if (ids.length > 0) {
    const day = sql<string>`to_char(${subscribers.subscribedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await db()
      .select({
        day,
        fromPopup: sql<number>`count(*) filter (where ${fromPopup})`.mapWith(Number),
        imported: sql<number>`count(*) filter (where not ${fromPopup})`.mapWith(Number),
      })
      .from(subscribers)
      .where(and(inArray(subscribers.storeId, ids), gte(subscribers.subscribedAt, since)))
      .groupBy(day);
    for (const row of rows) counts.set(row.day, { fromPopup: row.fromPopup, imported: row.imported });
  }
  return Array.from({ length: RECENT_DAYS }, (_, index) => {
    const date = new Date(since.getTime() + index * 86_400_000).toISOString().slice(0, 10);
    return { date, ...(counts.get(date) ?? { fromPopup: 0, imported: 0 }) };
  });
}
