import { and, count, countDistinct, eq, gte, inArray, sql, sum } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orderAttributions, popupConfigs, popupViews, storeCounters, subscribers } from "~/db/schema";
import type { Actor } from "~/services/access/actor.server";
import { conversionRate, listStoreSummaries, requireStore } from "./crud.server";
import { revenueByCurrency } from "./revenue.server";

const CHART_DAYS = 30;

/** The stores a dashboard figure covers: one store when given (checked against the tenant), else all. */
async function storeIdsInScope(actor: Actor, storeId: string | undefined): Promise<string[]> {
  if (storeId) return [(await requireStore(actor, storeId)).id];
  return (await listStoreSummaries(actor)).map((store) => store.id);
}

/**
 * SPEC §2 dashboard: active stores (popup on), subscribers, conversion rate and coupons used; and the
 * revenue of orders attributed to popups, per currency.
 */
export async function dashboardStats(actor: Actor, storeId?: string) {
  const ids = await storeIdsInScope(actor, storeId);
  if (ids.length === 0)
    return { activeStores: 0, totalSubscribers: 0, conversionRate: "0.0", couponsUsed: 0, revenue: [] };
  const [[active], [subscriberTotals], [viewTotals], revenue] = await Promise.all([
    db()
      .select({ value: countDistinct(popupConfigs.storeId) })
      .from(popupConfigs)
      .where(and(inArray(popupConfigs.storeId, ids), eq(popupConfigs.isActive, true))),
    // Counters the database keeps (store_counters): a count(*) here read every subscriber row.
    db()
      .select({
        total: sql<number>`coalesce(sum(${storeCounters.subscribers}), 0)`.mapWith(Number),
        couponsUsed: sql<number>`coalesce(sum(${storeCounters.couponsUsed}), 0)`.mapWith(Number),
      })
      .from(storeCounters)
      .where(inArray(storeCounters.storeId, ids)),
    db()
      .select({ views: sum(popupViews.views).mapWith(Number) })
      .from(popupViews)
      .where(inArray(popupViews.storeId, ids)),
    revenueByCurrency(inArray(orderAttributions.storeId, ids)),
  ]);
  const totalSubscribers = subscriberTotals?.total ?? 0;
  return {
    activeStores: active?.value ?? 0,
    totalSubscribers,
    conversionRate: conversionRate(totalSubscribers, viewTotals?.views ?? 0),
    couponsUsed: subscriberTotals?.couponsUsed ?? 0,
    revenue,
  };
}

/** New subscribers per day for the last 30 days (UTC), zero-filled. */
export async function subscribersPerDay(actor: Actor, storeId?: string) {
  const ids = await storeIdsInScope(actor, storeId);
  const since = new Date();
  since.setUTCHours(0, 0, 0, 0);
  since.setUTCDate(since.getUTCDate() - (CHART_DAYS - 1));
  const counts = new Map<string, number>();
  if (ids.length > 0) {
    const day = sql<string>`to_char(${subscribers.subscribedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await db()
      .select({ day, value: count() })
      .from(subscribers)
      .where(and(inArray(subscribers.storeId, ids), gte(subscribers.subscribedAt, since)))
      .groupBy(day);
    for (const row of rows) counts.set(row.day, row.value);
  }
  return Array.from({ length: CHART_DAYS }, (_, index) => {
    const date = new Date(since.getTime() + index * 86_400_000).toISOString().slice(0, 10);
    return { date, subscribers: counts.get(date) ?? 0 };
  });
}
