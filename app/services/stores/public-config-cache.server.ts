import type { OfferTerms } from "~/lib/languages/offer-words";
import { ttlCache } from "~/server/ttl-cache.server";
import type { PublicPopup } from "../../../popup/config";
import type { PrizeWheel } from "../../../popup/prize-wheel";

/** A popup's prize wheel with its prizes, and the store's currency they are in. */
export type WheelPrizes = { wheel: PrizeWheel; currency: string };

/** The storefront's popup, with what only the server sees: the shared code and the wheel's prizes. */
export type PublicEntryPopup = {
  popup: PublicPopup;
  discountCode: string;
  prizes: WheelPrizes | null;
  /** What its code asks of an order and how long it works (the success view says it). */
  terms: OfferTerms;
};

/**
 * What a storefront request needs of a store: its active popups in display order (priority, then oldest),
 * whatever their schedule (each request checks that at its own time), the same ids oldest first, the ids of
 * its paused popups and which install-script version may load them.
 */
export type PublicEntry = {
  active: PublicEntryPopup[];
  /** Older scripts' /popup, and a subscription that names no popup (or an unknown one), take the first live one. */
  activeIdsByAge: string[];
  pausedIds: string[];
  scriptVersion: string | null;
  /** The consent sentences these popups show, put on record once, when the entry is first served. */
  consentTextsRecorded?: Promise<void>;
};

/**
 * How long a browser or a CDN may keep a storefront config as fresh (`max-age`, `s-maxage`), then serve it
 * stale while it fetches the new one (`stale-while-revalidate`); revalidating costs a 304 when nothing changed
 * (its ETag). A merchant's change reaches every page within the sum, plus this process's memo below in other
 * processes: 65 s. A config lists the popups that may show at some instant of its lifetime, so one starting
 * meanwhile is already in it.
 */
export const STOREFRONT_CONFIG_MAX_AGE_SECONDS = 30;
export const STOREFRONT_CONFIG_STALE_SECONDS = 30;
export const STOREFRONT_CONFIG_LIFETIME_SECONDS =
  STOREFRONT_CONFIG_MAX_AGE_SECONDS + STOREFRONT_CONFIG_STALE_SECONDS;
export const STOREFRONT_CONFIG_CACHE_CONTROL =
  `public, max-age=${STOREFRONT_CONFIG_MAX_AGE_SECONDS}, s-maxage=${STOREFRONT_CONFIG_MAX_AGE_SECONDS}, ` +
  `stale-while-revalidate=${STOREFRONT_CONFIG_STALE_SECONDS}`;

/**
 * Storefronts ask for the config on every page view; a few seconds of caching spares the database.
 * Edits clear this process's entry at once; other processes see them within the TTL.
 */
export const publicEntries = ttlCache<PublicEntry>(5_000);

/** Drops this process's cached storefront view of a store (after an edit that changes it). */
export function forgetPublicConfig(storeId: string): void {
  publicEntries.forget(storeId);
}
