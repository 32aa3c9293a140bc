import { z } from "zod";
import type { Leader, VariantCounts } from "~/lib/ab-stats";
import type { StepCounts, StepStats } from "~/lib/step-funnel";

export const DEFAULT_STATS_DAYS = 30;
export const MAX_STATS_DAYS = 365;

/** GET /api/stores/:storeId/popups/:popupId/stats?days=: the days looked at, today (UTC) included. */
export const popupStatsQuerySchema = z.object({
  days: z.coerce
    .number({ error: "days must be a number" })
    .int("days must be a whole number")
    .min(1, "days must be at least 1")
    .max(MAX_STATS_DAYS, `days must be at most ${MAX_STATS_DAYS}`)
    .default(DEFAULT_STATS_DAYS),
});

export type PopupStatsQuery = z.infer<typeof popupStatsQuerySchema>;

/**
 * Revenue of attributed orders in one currency. `total` is a decimal string with two places ("129.90"),
 * as PostgreSQL sums numeric(14,2): no float rounding on money. Currencies are never added together.
 */
export type AttributedRevenue = { currency: string; total: string; orders: number };

/** One variant's test figures over the period; rates are fractions (0.125 = 12.5 %). */
export type VariantStats = VariantCounts & {
  id: string;
  name: string;
  weight: number;
  isControl: boolean;
  conversionRate: number;
  /** Null for the control itself. */
  probabilityToBeatControl: number | null;
  /** The probability that this variant converts best of all the popup's variants (1 when it runs alone). */
  probabilityToBeBest: number;
  /** The conversion rate given up on average by keeping this variant, should another be better (a fraction). */
  expectedLoss: number;
  /** Two-sided p-value of the pooled two-proportion test against the control; null for the control, or unseen. */
  pValue: number | null;
  /** Orders that used this variant's subscribers' unique codes. */
  revenue: AttributedRevenue[];
  /**
   * Left out of the counts above, and so of the rates and the winner (docs/decisions/031): impressions over
   * the per-address cap or without a visitor, subscribers without a counted impression of this variant.
   */
  notCounted: VariantCounts;
  /** The variant's steps in order with their counted views, continues and drop-off (app/lib/step-funnel.ts). */
  steps: StepStats[];
};

/** One slice of the popup's prize wheel as it is now: its chance in percent and who drew it in the period. */
export type WheelSliceStats = { label: string; prize: boolean; chance: number; winners: number };

/**
 * The prize wheel's draws in the period (app/services/popups/wheel-stats.server.ts): per current slice, and
 * in all (`spins`) and without a prize (`noPrize`), those two over every draw, a slice since removed included;
 * `earlier` counts the draws that landed on a slice since renamed or removed (counted for no current slice).
 */
export type WheelStats = { slices: WheelSliceStats[]; noPrize: number; spins: number; earlier: number };

export type PopupStats = {
  days: number;
  /** The popup's current variants, the control first; counts of removed variants are not shown. */
  variants: VariantStats[];
  /**
   * The variant with the smallest expected loss, its probability to be the best and that loss; null when the
   * popup runs no test (one variant). It may be promoted at any time, knowing the risk.
   */
  leader: Leader | null;
  /** The leader, once its expected loss is below `lossThreshold` (see leaderOf in app/lib/ab-stats.ts). */
  winner: Leader | null;
  /** The expected loss under which the leader is named the winner (a fraction: 0.0005 = 0.05 points). */
  lossThreshold: number;
  /**
   * Every day of the period (YYYY-MM-DD, UTC), oldest first, zeros filled; each variant's day with the continues
   * its steps' funnel is made of (stepFunnel with the variant's `steps` order gives the day's figures).
   */
  series: { day: string; variants: Record<string, StepCounts> }[];
  /** Every attributed order of the popup: its variants' and its shared code's. */
  revenue: AttributedRevenue[];
  /** The prize wheel's draws, null for a popup without a wheel. */
  wheel: WheelStats | null;
};
