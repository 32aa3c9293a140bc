import { sql } from "drizzle-orm";
import { subscribers } from "~/db/schema";
import { RECENT_DAYS } from "~/lib/schemas/dashboard";

/**
 * A subscriber who came through the popup (the consent record's source): the conversion rate's numerator.
 * Every other source (a CSV import) is shown apart and never counts as a conversion.
 */
export const fromPopup = sql`${subscribers.source} = 'popup'`;

/** The first day of the recent window (UTC midnight) and its date, as popup_views names days. */
export function recentDays(now = new Date()): { since: Date; day: string } {
  const since = new Date(now);
  since.setUTCHours(0, 0, 0, 0);
  since.setUTCDate(since.getUTCDate() - (RECENT_DAYS - 1));
  return { since, day: since.toISOString().slice(0, 10) };
}

/** One decimal, SPEC §2 default text 0.0: subscribers from the popup ÷ popup views. */
export function conversionRate(popupSubscribers: number, views: number): string {
  return views > 0 ? ((popupSubscribers / views) * 100).toFixed(1) : "0.0";
}
