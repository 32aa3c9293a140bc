import { asc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { popupConfigs, popupVariantDays, popupViews, stores } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { toPublicConfig, toPublicVariant } from "~/lib/public-popup-config";
import type { PopupWithCode, PublicPopupConfig, PublicPopups } from "../../../popup/config";
import { type PublicEntry, type PublicEntryPopup, publicEntries } from "./public-config-cache.server";

/** The storefront's side of popups: what a page view loads, what a subscription uses, what is counted. */

type PopupRow = typeof popupConfigs.$inferSelect;

function toEntryPopup(row: PopupRow, socialLinks: Record<string, string>): PublicEntryPopup {
  return {
    popup: {
      ...toPublicConfig(row, socialLinks),
      priority: row.priority,
      targeting: row.targeting,
      variants: row.variants.map(toPublicVariant),
    },
    discountCode: row.discountCode,
  };
}

/** The oldest of some popups: by created_at, then id. */
const oldest = (rows: PopupRow[]): PopupRow | undefined =>
  rows.reduce<PopupRow | undefined>((found, row) => {
    if (!found) return row;
    const [a, b] = [row.createdAt.getTime(), found.createdAt.getTime()];
    return a < b || (a === b && row.id < found.id) ? row : found;
  }, undefined);

async function readPublicEntry(storeId: string): Promise<PublicEntry> {
  const rows = await db()
    .select({
      popup: popupConfigs,
      socialLinks: stores.socialLinks,
      scriptVersion: stores.activeScriptVersion,
    })
    .from(stores)
    .leftJoin(popupConfigs, eq(popupConfigs.storeId, stores.id))
    .where(eq(stores.id, storeId))
    .orderBy(asc(popupConfigs.priority), asc(popupConfigs.createdAt), asc(popupConfigs.id));
  const popups = rows.flatMap((row) => (row.popup ? [row.popup] : []));
  const socialLinks = rows[0]?.socialLinks ?? {};
  const active = popups.filter((row) => row.isActive);
  const first = oldest(popups);
  return {
    active: active.map((row) => toEntryPopup(row, socialLinks)),
    pausedIds: popups.filter((row) => !row.isActive).map((row) => row.id),
    first: first?.isActive ? toPublicConfig(first, socialLinks) : null,
    firstActiveId: oldest(active)?.id ?? null,
    scriptVersion: rows[0]?.scriptVersion ?? null,
  };
}

async function publicEntry(storeId: string): Promise<PublicEntry | null> {
  if (!isUuid(storeId)) return null;
  return publicEntries.remember(storeId, () => readPublicEntry(storeId));
}

/** The store's first (oldest) popup for the storefront, or null (unknown store, that popup paused). */
export async function publicPopupConfig(storeId: string): Promise<PublicPopupConfig | null> {
  return (await publicEntry(storeId))?.first ?? null;
}

/** Whether the id is a store's (every store keeps at least one popup, active or paused). */
export async function isKnownStore(storeId: string): Promise<boolean> {
  const entry = await publicEntry(storeId);
  return Boolean(entry && (entry.active.length > 0 || entry.pausedIds.length > 0));
}

/** The store's active popups with their rules, priority first; null for an unknown store or none active. */
export async function publicPopups(storeId: string): Promise<PublicPopups | null> {
  const entry = await publicEntry(storeId);
  if (!entry?.active.length) return null;
  return { storeId, popups: entry.active.map(({ popup }) => popup) };
}

/** An active popup of the store by id (null for anything else). */
const activePopup = (entry: PublicEntry | null, popupId: unknown): PublicEntryPopup | null =>
  entry?.active.find(({ popup }) => popup.id === popupId) ?? null;

const variantOf = ({ popup }: PublicEntryPopup, variantId: unknown): string | null =>
  popup.variants.find((variant) => variant.id === variantId)?.id ?? null;

export type SubscribingPopup = { popup: PopupWithCode; variantId: string | null };

/**
 * The popup a subscription follows, with its shared code, and the variant the visitor saw when it is one
 * of that popup's. No popupId, or one the store does not have: its first active popup (the oldest). A
 * paused popup, or a store with no active popup: null.
 */
export async function subscribingPopup(
  storeId: string,
  popupId?: string,
  variantId?: string,
): Promise<SubscribingPopup | null> {
  const entry = await publicEntry(storeId);
  if (!entry || (popupId && entry.pausedIds.includes(popupId))) return null;
  const chosen = activePopup(entry, popupId) ?? activePopup(entry, entry.firstActiveId);
  if (!chosen) return null;
  const { priority: _priority, targeting: _targeting, variants: _variants, ...config } = chosen.popup;
  return { popup: { ...config, discountCode: chosen.discountCode }, variantId: variantOf(chosen, variantId) };
}

/** The store's current install-script version (null until the script is first regenerated). */
export async function activeScriptVersion(storeId: string): Promise<string | null> {
  return (await publicEntry(storeId))?.scriptVersion ?? null;
}

/** Whether a storefront script of this version may load the popup: a regenerated script retires older ones. */
export async function acceptsScriptVersion(storeId: string, version: string | undefined): Promise<boolean> {
  const current = await activeScriptVersion(storeId);
  return !current || current === version;
}

/** Counts one popup view (the conversion rate's denominator): one upsert on the store's row for today. */
export async function recordPopupView(storeId: string): Promise<void> {
  await db()
    .insert(popupViews)
    .values({ storeId, day: sql`current_date`, views: 1 })
    .onConflictDoUpdate({
      target: [popupViews.storeId, popupViews.day],
      set: { views: sql`${popupViews.views} + 1` },
    });
}

/**
 * The active popup and variant an impression names, when they are the store's (else null: the view
 * counts for the store only).
 */
export async function impressionTarget(
  storeId: string,
  popupId: unknown,
  variantId: unknown,
): Promise<{ popupId: string; variantId: string } | null> {
  const popup = activePopup(await publicEntry(storeId), popupId);
  const variant = popup && variantOf(popup, variantId);
  return popup && variant ? { popupId: popup.popup.id, variantId: variant } : null;
}

/**
 * Adds one impression of a popup variant on a UTC day: to the A/B test's denominator when `counted`, else to
 * the impressions the results show as not counted.
 */
export async function recordVariantImpression(
  popupId: string,
  variantId: string,
  day: string,
  counted: boolean,
): Promise<void> {
  const column = counted ? "impressions" : "impressionsNotCounted";
  await db()
    .insert(popupVariantDays)
    .values({ popupId, variantId, day, [column]: 1 })
    .onConflictDoUpdate({
      target: [popupVariantDays.popupId, popupVariantDays.variantId, popupVariantDays.day],
      set: { [column]: sql`${popupVariantDays[column]} + 1` },
    });
}
