import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { popupConfigs } from "~/db/schema";

/**
 * A join condition on popup_configs: the popup a row names (a subscriber's), or, when it names none or one
 * since deleted, its store's first (oldest) popup.
 */
export function popupOfRow(storeId: AnyPgColumn, popupId: AnyPgColumn): SQL {
  return sql`${popupConfigs.id} = coalesce(
    (select named.id from popup_configs named where named.id = ${popupId} and named.store_id = ${storeId}),
    (select oldest.id from popup_configs oldest where oldest.store_id = ${storeId}
      order by oldest.created_at, oldest.id limit 1))`;
}
