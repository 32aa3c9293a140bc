import { ttlCache } from "~/server/ttl-cache.server";
import type { PublicPopupConfig } from "../../../popup/config";

/**
 * What a storefront request needs of a store: its popup, the popup's shared code (for subscriptions,
 * never sent to the storefront) and which install-script version may load it.
 */
export type PublicEntry = {
  config: PublicPopupConfig | null;
  discountCode: string | null;
  scriptVersion: string | null;
};

/**
 * Storefronts ask for the config on every page view; a few seconds of caching spares the database.
 * Edits clear this process's entry at once; other processes see them within the TTL.
 */
export const publicEntries = ttlCache<PublicEntry>(5_000);

/** Drops this process's cached storefront view of a store (after an edit that changes it). */
export function forgetPublicConfig(storeId: string): void {
  publicEntries.forget(storeId);
}
