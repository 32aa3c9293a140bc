import type { VariantCounts } from "~/lib/ab-stats";
import { formatMoney } from "~/lib/format";
import type { AttributedRevenue } from "~/lib/schemas/popup-stats";
import type { StepId } from "../../../popup/steps";

/** "12.3%": a rate or probability given as a fraction (0.123). */
export const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/**
 * "92.0%": a probability, never rounded to a certainty it is not ("over 99.9%", "under 0.1%").
 */
export function chance(probability: number): string {
  if (probability > 0.999) return "over 99.9%";
  if (probability < 0.001) return "under 0.1%";
  return percent(probability);
}

/** "0.30 percentage points" ("0.30 pts"): an expected loss of conversion rate (a fraction); "under 0.01" below that. */
export function lossPoints(loss: number, unit = "percentage points"): string {
  const points = loss * 100;
  return points < 0.01 ? `under 0.01 ${unit}` : `${points.toFixed(2)} ${unit}`;
}

/** "€1,234.50 (3 orders) · $20.00 (1 order)", or "None". */
export function revenueText(revenue: AttributedRevenue[]): string {
  if (revenue.length === 0) return "None";
  return revenue
    .map(
      ({ currency, total, orders }) =>
        `${formatMoney(total, currency)} (${orders} ${orders === 1 ? "order" : "orders"})`,
    )
    .join(" · ");
}

/** "160 impressions · 70 subscribers": what the A/B test left out; null when it left nothing out. */
export function notCountedText({ impressions, subscribers }: VariantCounts): string | null {
  if (impressions === 0 && subscribers === 0) return null;
  const count = (value: number, noun: string) =>
    `${value.toLocaleString("en-US")} ${noun}${value === 1 ? "" : "s"}`;
  return `${count(impressions, "impression")} · ${count(subscribers, "subscriber")}`;
}

/** The steps' names in the results (docs/decisions/186). */
export const STEP_NAMES: Record<StepId, string> = {
  opener: "Opener",
  email: "Email",
  extraFields: "Extra fields",
  success: "Thank-you",
};
