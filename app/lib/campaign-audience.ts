import { formatDate } from "./format";
import { type CampaignAudience, defaultCampaignAudience } from "./schemas/campaigns";
import type { SubscriberFilters } from "./schemas/subscribers";

const DAY_MS = 24 * 3600_000;

/** "2026-11-24": the UTC day of an instant, as the audience's dates are written. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/**
 * The audience of a campaign sent from the Subscribers screen: its search, and its date range ("last 30
 * days") as the UTC day it starts on. The status filter has no counterpart: a campaign only ever goes
 * to active subscribers.
 */
export function audienceOfFilters(filters: SubscriberFilters, now: Date): CampaignAudience {
  const from =
    filters.dateRange === "all" ? null : utcDay(new Date(now.getTime() - Number(filters.dateRange) * DAY_MS));
  return { ...defaultCampaignAudience, from, search: filters.search };
}

/** "Campaign Nov 24, 2026": the name of a campaign started from the Subscribers screen. */
export function campaignNameFor(now: Date): string {
  return `Campaign ${formatDate(now)}`;
}
