import { formatNumber } from "../format";

/**
 * The dashboard's recent window: the conversion rate, the new-subscriber chart and "Active Stores" (a store
 * whose popup was seen on its storefront) look at the last 30 days, today (UTC) included.
 */
export const RECENT_DAYS = 30;

/** One day of the new-subscriber chart: those who came through the popup, and those imported. */
export type DashboardDay = { date: string; fromPopup: number; imported: number };

/**
 * The subscribers the dashboard's total leaves out, by why (a campaign does not reach them): unsubscribed,
 * cleaned (the address bounced or its reader reported spam), unconfirmed (double opt-in not given yet).
 */
export type NotSubscribed = { unsubscribed: number; cleaned: number; unconfirmed: number };

/** "4 unsubscribed, 3 bounced or reported spam, 3 awaiting confirmation": the non-zero parts; "" for none. */
export function describeNotSubscribed({ unsubscribed, cleaned, unconfirmed }: NotSubscribed): string {
  return [
    unsubscribed > 0 ? `${formatNumber(unsubscribed)} unsubscribed` : null,
    cleaned > 0 ? `${formatNumber(cleaned)} bounced or reported spam` : null,
    unconfirmed > 0 ? `${formatNumber(unconfirmed)} awaiting confirmation` : null,
  ]
    .filter(Boolean)
    .join(", ");
}
