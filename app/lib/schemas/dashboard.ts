/**
 * The dashboard's recent window: the conversion rate, the new-subscriber chart and "Active Stores" (a store
 * whose popup was seen on its storefront) look at the last 30 days, today (UTC) included.
 */
export const RECENT_DAYS = 30;

/** One day of the new-subscriber chart: those who came through the popup, and those imported. */
export type DashboardDay = { date: string; fromPopup: number; imported: number };
