import { and, asc, count, eq, gte, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orderAttributions, popupVariantDays } from "~/db/schema";
import {
  compareVariants,
  conversionRate,
  EXPECTED_LOSS_THRESHOLD,
  isWinner,
  leaderOf,
  probabilityToBeat,
  twoProportionTest,
  type VariantCounts,
} from "~/lib/ab-stats";
import type { AttributedRevenue, PopupStats, PopupStatsQuery, VariantStats } from "~/lib/schemas/popup-stats";
import { type StepCounts, stepFunnel } from "~/lib/step-funnel";
import type { Actor } from "~/services/access/actor.server";
import { revenueByCurrency } from "~/services/stores/revenue.server";
import { stepSequence } from "../../../popup/steps";
import { requirePopup } from "./crud.server";
import { wheelStats } from "./wheel-stats.server";

const DAY_MS = 86_400_000;

/** The period's days, oldest first (UTC, today included). */
function daysBack(days: number): string[] {
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  return Array.from({ length: days }, (_, index) =>
    new Date(today.getTime() - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

async function countsPerDay(popupId: string, since: string) {
  return db()
    .select({
      variantId: popupVariantDays.variantId,
      day: popupVariantDays.day,
      impressions: popupVariantDays.impressions,
      subscribers: popupVariantDays.subscribers,
      impressionsNotCounted: popupVariantDays.impressionsNotCounted,
      subscribersNotCounted: popupVariantDays.subscribersNotCounted,
      openerContinues: popupVariantDays.openerContinues,
      extraFieldsContinues: popupVariantDays.extraFieldsContinues,
    })
    .from(popupVariantDays)
    .where(and(eq(popupVariantDays.popupId, popupId), gte(popupVariantDays.day, since)));
}

/** Orders that used a variant's subscribers' unique codes, per variant and currency. */
async function revenuePerVariant(popupId: string, since: Date): Promise<Map<string, AttributedRevenue[]>> {
  const rows = await db()
    .select({
      variantId: orderAttributions.variantId,
      currency: orderAttributions.currency,
      total: sql<string>`sum(${orderAttributions.total})::text`,
      orders: count(),
    })
    .from(orderAttributions)
    .where(and(eq(orderAttributions.popupId, popupId), gte(orderAttributions.orderedAt, since)))
    .groupBy(orderAttributions.variantId, orderAttributions.currency)
    .orderBy(asc(orderAttributions.currency));
  const perVariant = new Map<string, AttributedRevenue[]>();
  for (const { variantId, ...revenue } of rows) {
    if (variantId !== null) perVariant.set(variantId, [...(perVariant.get(variantId) ?? []), revenue]);
  }
  return perVariant;
}

/**
 * GET /api/stores/:storeId/popups/:popupId/stats: the A/B test of the popup's current variants over the
 * last `days` days, each against the control (the first) and all together (the probability to be the best,
 * the expected loss), with the leader and, once its expected loss is small, the winner (docs/decisions/111),
 * a per-day series (with each day's step figures), the revenue of attributed orders, per variant what the test did not count, and the prize
 * wheel's draws per slice.
 */
export async function popupStats(
  actor: Actor,
  storeId: string,
  popupId: string,
  { days }: PopupStatsQuery,
): Promise<PopupStats> {
  const { popup } = await requirePopup(actor, storeId, popupId);
  const period = daysBack(days);
  const since = period[0] ?? "";
  const sinceDate = new Date(`${since}T00:00:00Z`);
  const [rows, variantRevenue, revenue, wheel] = await Promise.all([
    countsPerDay(popup.id, since),
    revenuePerVariant(popup.id, sinceDate),
    revenueByCurrency(
      and(eq(orderAttributions.popupId, popup.id), gte(orderAttributions.orderedAt, sinceDate)),
    ),
    wheelStats(popup, sinceDate),
  ]);

  const zero = (): StepCounts => ({
    impressions: 0,
    subscribers: 0,
    openerContinues: 0,
    extraFieldsContinues: 0,
  });
  const countsPerVariant = () => new Map(popup.variants.map((variant) => [variant.id, zero()]));
  const totals = countsPerVariant();
  const notCounted = new Map<string, VariantCounts>(
    popup.variants.map((variant) => [variant.id, { impressions: 0, subscribers: 0 }]),
  );
  const byDay = new Map(period.map((day) => [day, countsPerVariant()]));
  for (const row of rows) {
    const left = notCounted.get(row.variantId);
    if (left) {
      left.impressions += row.impressionsNotCounted;
      left.subscribers += row.subscribersNotCounted;
    }
    // A removed variant's rows find no entry: they are not shown.
    for (const counts of [totals.get(row.variantId), byDay.get(row.day)?.get(row.variantId)]) {
      if (!counts) continue;
      counts.impressions += row.impressions;
      counts.subscribers += row.subscribers;
      counts.openerContinues += row.openerContinues;
      counts.extraFieldsContinues += row.extraFieldsContinues;
    }
  }

  const control = totals.get(popup.variants[0]?.id ?? "") ?? zero();
  const odds = compareVariants(popup.variants.map((variant) => totals.get(variant.id) ?? zero()));
  const variants: VariantStats[] = popup.variants.map((variant, index) => {
    const stepCounts = totals.get(variant.id) ?? zero();
    const counts = { impressions: stepCounts.impressions, subscribers: stepCounts.subscribers };
    const isControl = index === 0;
    return {
      id: variant.id,
      name: variant.name,
      weight: variant.weight,
      isControl,
      ...counts,
      conversionRate: conversionRate(counts),
      probabilityToBeatControl: isControl ? null : probabilityToBeat(control, counts),
      probabilityToBeBest: odds[index]?.probabilityToBeBest ?? 1,
      expectedLoss: odds[index]?.expectedLoss ?? 0,
      pValue: isControl ? null : (twoProportionTest(control, counts)?.pValue ?? null),
      revenue: variantRevenue.get(variant.id) ?? [],
      notCounted: notCounted.get(variant.id) ?? { impressions: 0, subscribers: 0 },
      steps: stepFunnel(stepSequence(variant.overrides.steps ?? popup.steps), stepCounts),
    };
  });

  const leader = leaderOf(variants);
  return {
    days,
    variants,
    leader,
    winner: isWinner(leader) ? leader : null,
    lossThreshold: EXPECTED_LOSS_THRESHOLD,
    series: period.map((day) => ({ day, variants: Object.fromEntries(byDay.get(day) ?? []) })),
    revenue,
    wheel,
  };
}
