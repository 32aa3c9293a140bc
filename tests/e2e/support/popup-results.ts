import pg from "pg";
import type { E2EServer } from "./servers";

export type VariantDay = {
  variantId: string;
  daysAgo: number;
  impressions: number;
  subscribers: number;
  /** What the A/B test left out that day (none unless given). */
  notCounted?: { impressions: number; subscribers: number };
};

/**
 * Writes a popup's per-variant day counts straight into popup_variant_days (what the storefront's
 * impression and subscribe beacons add up, and what they left out), so a spec can show the results of weeks
 * of traffic.
 */
export async function seedVariantDays(server: E2EServer, popupId: string, days: VariantDay[]): Promise<void> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    for (const day of days) {
      await client.query(
        `INSERT INTO popup_variant_days (popup_id, variant_id, day, impressions, subscribers,
                                         impressions_not_counted, subscribers_not_counted)
         VALUES ($1, $2, current_date - $3::int, $4, $5, $6, $7)
         ON CONFLICT (popup_id, variant_id, day)
         DO UPDATE SET impressions = EXCLUDED.impressions, subscribers = EXCLUDED.subscribers,
           impressions_not_counted = EXCLUDED.impressions_not_counted,
           subscribers_not_counted = EXCLUDED.subscribers_not_counted`,
        [
          popupId,
          day.variantId,
          day.daysAgo,
          day.impressions,
          day.subscribers,
          day.notCounted?.impressions ?? 0,
          day.notCounted?.subscribers ?? 0,
        ],
      );
    }
  } finally {
    await client.end();
  }
}
