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
