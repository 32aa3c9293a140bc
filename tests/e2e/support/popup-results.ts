import pg from "pg";
import type { E2EServer } from "./servers";

export type VariantDay = { variantId: string; daysAgo: number; impressions: number; subscribers: number };

/**
 * Writes a popup's per-variant day counts straight into popup_variant_days (what the storefront's
 * impression and subscribe beacons add up), so a spec can show the results of weeks of traffic.
 */
export async function seedVariantDays(server: E2EServer, popupId: string, days: VariantDay[]): Promise<void> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    for (const day of days) {
      await client.query(
        `INSERT INTO popup_variant_days (popup_id, variant_id, day, impressions, subscribers)
         VALUES ($1, $2, current_date - $3::int, $4, $5)
         ON CONFLICT (popup_id, variant_id, day)
         DO UPDATE SET impressions = EXCLUDED.impressions, subscribers = EXCLUDED.subscribers`,
        [popupId, day.variantId, day.daysAgo, day.impressions, day.subscribers],
      );
    }
  } finally {
    await client.end();
  }
}
