import type { VariantCounts } from "~/lib/ab-stats";
import { formatMoney } from "~/lib/format";
import type { AttributedRevenue } from "~/lib/schemas/popup-stats";

/** "12.3%": a rate or probability given as a fraction (0.123). */
export const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

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
