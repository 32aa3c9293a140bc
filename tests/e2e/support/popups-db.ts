import {
  defaultPopupDesign,
  defaultPopupTargeting,
  defaultPopupVariants,
  type PopupDesign,
  type PopupTargeting,
  type PopupVariant,
} from "../../../popup/config";
import { withClient } from "./database";
import type { E2EServer } from "./servers";

export type PopupInput = {
  title: string;
  priority?: number;
  targeting?: Partial<PopupTargeting>;
  design?: Partial<PopupDesign>;
  variants?: PopupVariant[];
};

/**
 * Gives a new store these popups, written straight into popup_configs (the builder's screens for several
 * popups are tested elsewhere): the first replaces the store's own popup, the others are added, each
 * later-created than the one before, each live (published). Call it before the store's first storefront request (the app keeps
 * a store's public popups for a few seconds).
 */

export function setPopups(server: E2EServer, storeId: string, popups: PopupInput[]): Promise<string[]> {
  return withClient(server, async (client) => {
    await client.query("DELETE FROM popup_configs WHERE store_id = $1", [storeId]);
    const ids: string[] = [];
    for (const [index, popup] of popups.entries()) {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO popup_configs (store_id, name, title, priority, targeting, design, variants, created_at, status)
         VALUES ($1, $2, $2, $3, $4, $5, $6, now() + make_interval(secs => $7), 'live') RETURNING id`,
        [
          storeId,
          popup.title,
          popup.priority ?? index + 1,
          JSON.stringify({ ...defaultPopupTargeting, ...popup.targeting }),
          JSON.stringify({ ...defaultPopupDesign, ...popup.design }),
          JSON.stringify(popup.variants ?? defaultPopupVariants),
          index,
        ],
      );
      ids.push(rows[0]?.id ?? "");
    }
    return ids;
  });
}

/** A popup's A/B counts per variant (all days), as the storefront's beacons and subscriptions left them. */
export function variantCounts(
  server: E2EServer,
  popupId: string,
): Promise<Record<string, { impressions: number; subscribers: number }>> {
  return withClient(server, async (client) => {
    const { rows } = await client.query<{ variant_id: string; impressions: number; subscribers: number }>(
      `SELECT variant_id, sum(impressions)::int AS impressions, sum(subscribers)::int AS subscribers
       FROM popup_variant_days WHERE popup_id = $1 GROUP BY variant_id`,
      [popupId],
    );
    return Object.fromEntries(
      rows.map((row) => [row.variant_id, { impressions: row.impressions, subscribers: row.subscribers }]),
    );
  });
}
