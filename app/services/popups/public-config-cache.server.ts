import { ttlCache } from "~/server/ttl-cache.server";
import type { PublicPopup, PublicPopupConfig } from "../../../popup/config";

/** A popup as a storefront request sees it, with its shared code (for subscriptions, never sent). */
export type PublicEntryPopup = { popup: PublicPopup; discountCode: string };

/**
 * What a storefront request needs of a store: its active popups in display order (priority, then oldest),
 * the ids of its paused ones, its first popup (the oldest, SPEC's /popup; null config when that one is
 * paused) and which install-script version may load them.
 */
export type PublicEntry = {
  active: PublicEntryPopup[];
  pausedIds: string[];
  first: PublicPopupConfig | null;
  /** The oldest active popup: a subscription that names no popup (or an unknown one) follows it. */
  firstActiveId: string | null;
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
