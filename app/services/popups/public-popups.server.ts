import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { popupConfigs, stores } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import type { OfferTerms } from "~/lib/languages/offer-words";
import { privacyPolicyUrlOf } from "~/lib/privacy-policy";
import { type PopupStore, toPublicConfig, toPublicVariant } from "~/lib/public-popup-config";
import { invalid, notFound } from "~/server/domain-errors.server";
import {
  type PublicEntry,
  type PublicEntryPopup,
  publicEntries,
  STOREFRONT_CONFIG_LIFETIME_SECONDS,
  type WheelPrizes,
} from "~/services/stores/public-config-cache.server";
import type { PopupWithCode, PublicPopupConfig, PublicPopups } from "../../../popup/config";
import { offerOfColumns } from "../../../popup/offer";
import { scheduled } from "../../../popup/targeting";
import { consentVersion, recordConsentTexts, shownConsentText } from "./consent-texts.server";
import { workingCopyOf } from "./drafts";

/** The storefront's side of popups: what a page view loads, what a subscription uses, what is counted. */

type PopupRow = typeof popupConfigs.$inferSelect;

function toEntryPopup(row: PopupRow, store: PopupStore): PublicEntryPopup {
  const prizes = row.wheel && { wheel: row.wheel, currency: store.currency };
  return {
    popup: {
      ...toPublicConfig(row, store),
      priority: row.priority,
      targeting: row.targeting,
      variants: row.variants.map((variant) => toPublicVariant(variant, store.name)),
    },
    discountCode: row.discountCode,
    prizes,
    terms: { offer: offerOfColumns(row), currency: store.currency, codeValidDays: row.codeValidDays },
  };
}

/** Popups oldest first: by created_at, then id. */
const byAge = (a: PopupRow, b: PopupRow): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** What a popup shows of its store. */
const storeColumns = {
  socialLinks: stores.socialLinks,
  name: stores.name,
  privacyPolicyUrl: stores.privacyPolicyUrl,
  integrationType: stores.integrationType,
  shopifyDomain: stores.shopifyDomain,
  shopifyUrl: stores.shopifyUrl,
  currency: stores.currency,
};

type StoreColumns = { [key in keyof typeof storeColumns]: (typeof stores.$inferSelect)[key] };

const shownStoreOf = (store: StoreColumns | undefined): PopupStore => ({
  socialLinks: store?.socialLinks ?? {},
  name: store?.name ?? "",
  privacyPolicyUrl: store ? privacyPolicyUrlOf(store) : null,
  currency: store?.currency ?? "USD",
  isShopify: store?.integrationType === "shopify",
});

async function readPublicEntry(storeId: string): Promise<PublicEntry> {
  const rows = await db()
    .select({
      popup: popupConfigs,
      store: storeColumns,
      scriptVersion: stores.activeScriptVersion,
    })
    .from(stores)
    .leftJoin(popupConfigs, eq(popupConfigs.storeId, stores.id))
    .where(eq(stores.id, storeId))
    .orderBy(asc(popupConfigs.priority), asc(popupConfigs.createdAt), asc(popupConfigs.id));
  const popups = rows.flatMap((row) => (row.popup ? [row.popup] : []));
  const shownStore = shownStoreOf(rows[0]?.store);
  // Only a live popup's columns, what was published, reach shoppers: drafts and paused popups do not.
  const activeRows = popups.filter((row) => row.status === "live");
  const active = activeRows.map((row) => toEntryPopup(row, shownStore));
  return {
    active,
    activeIdsByAge: [...activeRows].sort(byAge).map((row) => row.id),
    pausedIds: popups.filter((row) => row.status !== "live").map((row) => row.id),
    scriptVersion: rows[0]?.scriptVersion ?? null,
  };
}

async function publicEntry(storeId: string): Promise<PublicEntry | null> {
  if (!isUuid(storeId)) return null;
  return publicEntries.remember(storeId, () => readPublicEntry(storeId));
}

/** A subscription naming a popup that is paused, has not started or has ended. */
export const POPUP_NOT_RUNNING = "This popup is not running";

/** Live now: active (the entry lists only those) and inside its schedule (popup/targeting.ts). */
const isLive = ({ popup }: PublicEntryPopup, now: number): boolean => scheduled(popup.targeting, now);

/** An active popup of the store by id (null for anything else). */
const activePopup = (entry: PublicEntry | null, popupId: unknown): PublicEntryPopup | null =>
  entry?.active.find(({ popup }) => popup.id === popupId) ?? null;

/** The oldest popup live now: what older scripts show, and what a subscription naming no popup follows. */
function oldestLive(entry: PublicEntry, now: number): PublicEntryPopup | null {
  for (const id of entry.activeIdsByAge) {
    const popup = activePopup(entry, id);
    if (popup && isLive(popup, now)) return popup;
  }
  return null;
}

/** A popup's config without its storefront rules (what /popup sends, and what a subscription is checked with). */
function configOf({ popup }: PublicEntryPopup): PublicPopupConfig {
  const { priority: _priority, targeting: _targeting, variants: _variants, ...config } = popup;
  return config;
}

/**
 * SPEC's single popup, for older scripts (which know no schedule): the store's oldest popup live now, or null
 * (unknown store, nothing live).
 */
export async function publicPopupConfig(
  storeId: string,
  now = Date.now(),
): Promise<PublicPopupConfig | null> {
  const entry = await publicEntry(storeId);
  const popup = entry && oldestLive(entry, now);
  return popup ? configOf(popup) : null;
}

/**
 * Before a storefront is served the entry's popups, their consent sentences are on record (a subscriber's
 * version then always names words in consent_texts). Only serving writes them: a subscription, refused or
 * not, reads the same entry and writes nothing here.
 */
async function consentTextsOnRecord(storeId: string, entry: PublicEntry): Promise<void> {
  entry.consentTextsRecorded ??= recordConsentTexts(
    storeId,
    entry.active.map(({ popup }) => popup),
  ).catch((error: unknown) => {
    entry.consentTextsRecorded = undefined;
    throw error;
  });
  await entry.consentTextsRecorded;
}

/** Whether what the storefront calls read about the store is in memory: asking costs no database read. */
export function storeInMemory(storeId: string): boolean {
  return publicEntries.holds(storeId);
}

/** Whether the id is a store's (every store keeps at least one popup, active or paused). */
export async function isKnownStore(storeId: string): Promise<boolean> {
  const entry = await publicEntry(storeId);
  return Boolean(entry && (entry.active.length > 0 || entry.pausedIds.length > 0));
}

/**
 * The store's active popups with their rules, priority first, that may show while the answer is cached
 * (live at some instant of the next STOREFRONT_CONFIG_LIFETIME_SECONDS): a popup that starts next week or
 * ended last week is not sent. Null for an unknown store or none to send.
 */
export async function publicPopups(storeId: string, now = Date.now()): Promise<PublicPopups | null> {
  const entry = await publicEntry(storeId);
  if (entry) await consentTextsOnRecord(storeId, entry);
  const until = now + STOREFRONT_CONFIG_LIFETIME_SECONDS * 1000;
  const showing = entry?.active.filter(({ popup }) => scheduled(popup.targeting, now, until)) ?? [];
  if (!showing.length) return null;
  return { storeId, popups: showing.map(({ popup }) => popup) };
}

const variantOf = ({ popup }: PublicEntryPopup, variantId: unknown): string | null =>
  popup.variants.find((variant) => variant.id === variantId)?.id ?? null;

/**
 * `consentVersion`: the consent sentence that popup and variant show (consent-texts.server.ts); `prizes`: its
 * prize wheel with the prizes, which only the server sees; `terms`: what its code asks and how long it works.
 */
export type SubscribingPopup = {
  popup: PopupWithCode;
  variantId: string | null;
  consentVersion: string;
  prizes: WheelPrizes | null;
  terms: OfferTerms;
};

/**
 * What subscriptions to a popup and variant follow, made once per cached entry (it is read, never changed):
 * the popup's copy and its consent version's hash are not remade at every subscription.
 */
const subscribingOf = new WeakMap<PublicEntryPopup, Map<string | null, SubscribingPopup>>();

function withCode(chosen: PublicEntryPopup, variantId: unknown): SubscribingPopup {
  const variant = variantOf(chosen, variantId);
  let byVariant = subscribingOf.get(chosen);
  if (!byVariant) {
    byVariant = new Map();
    subscribingOf.set(chosen, byVariant);
  }
  const made = byVariant.get(variant);
  if (made) return made;
  // The variant's steps when it has its own (the extra-fields step the subscriber saw).
  const steps = chosen.popup.variants.find(({ id }) => id === variant)?.steps ?? chosen.popup.steps;
  const subscribing = {
    popup: { ...configOf(chosen), steps, discountCode: chosen.discountCode },
    variantId: variant,
    consentVersion: consentVersion(shownConsentText(chosen.popup, variant), chosen.popup.privacyPolicyUrl),
    prizes: chosen.prizes,
    terms: chosen.terms,
  };
  byVariant.set(variant, subscribing);
  return subscribing;
}

/**
 * The popup a subscription follows, with its shared code, and the variant the visitor saw when it is one
 * of that popup's. A popup the store has must be live now (active, inside its schedule): one that is paused,
 * not started or ended is refused (422, no code). No popupId, or one the store does not have: the oldest
 * live popup, as older scripts show; 404 when nothing is live (or the store is unknown).
 */
export async function subscribingPopup(
  storeId: string,
  popupId?: string,
  variantId?: string,
  now = Date.now(),
): Promise<SubscribingPopup> {
  const entry = await publicEntry(storeId);
  if (!entry) throw notFound("Popup not found");
  const named = activePopup(entry, popupId);
  if (named || (popupId && entry.pausedIds.includes(popupId))) {
    if (!named || !isLive(named, now)) throw invalid(POPUP_NOT_RUNNING);
    return withCode(named, variantId);
  }
  const oldest = oldestLive(entry, now);
  if (!oldest) throw notFound("Popup not found");
  return withCode(oldest, variantId);
}

/**
 * A popup's working copy as the storefront gets it (docs/decisions/212): its unpublished changes over its
 * columns, or a draft's columns. Read only for a valid preview token (preview-token.server.ts) and never
 * remembered: the public entry, its ETag and its memo keep what is published. Null: the store has no such popup.
 */
async function readPreviewEntry(storeId: string, popupId: string): Promise<PublicEntryPopup | null> {
  const [row] = await db()
    .select({ popup: popupConfigs, store: storeColumns })
    .from(popupConfigs)
    .innerJoin(stores, eq(stores.id, popupConfigs.storeId))
    .where(and(eq(popupConfigs.storeId, storeId), eq(popupConfigs.id, popupId)));
  return row ? toEntryPopup(workingCopyOf(row.popup), shownStoreOf(row.store)) : null;
}

/** The preview's popups answer: that one popup, whatever its status and schedule (the demo page opens it). */
export async function previewPopups(storeId: string, popupId: string): Promise<PublicPopups | null> {
  const entry = await readPreviewEntry(storeId, popupId);
  return entry && { storeId, popups: [entry.popup] };
}

/** What a preview's subscription follows: the working copy (nothing of it is stored, subscribe.server.ts). */
export async function previewSubscribingPopup(
  storeId: string,
  popupId: string,
  variantId?: string,
): Promise<SubscribingPopup> {
  const entry = await readPreviewEntry(storeId, popupId);
  if (!entry) throw notFound("Popup not found");
  return withCode(entry, variantId);
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

/**
 * The active popup and variant an impression names, when they are the store's (else null: the view
 * counts for the store only).
 */
export async function impressionTarget(
  storeId: string,
  popupId: unknown,
  variantId: unknown,
): Promise<{ popupId: string; variantId: string; hasOpener: boolean } | null> {
  const popup = activePopup(await publicEntry(storeId), popupId);
  const variant = popup && variantOf(popup, variantId);
  if (!popup || !variant) return null;
  const steps = popup.popup.variants.find(({ id }) => id === variant)?.steps ?? popup.popup.steps;
  return { popupId: popup.popup.id, variantId: variant, hasOpener: steps.opener.enabled };
}

/** What one impression adds: a view of the store today, and one of a variant on a UTC day. */
export type ImpressionCounts = {
  storeView: boolean;
  /** `openerContinued`: the visitor answered the variant's opener "yes" (docs/decisions/186). */
  variant: {
    popupId: string;
    variantId: string;
    day: string;
    counted: boolean;
    openerContinued?: boolean;
  } | null;
};

/**
 * Records one impression in one statement (docs/decisions/142): the store's views of today (the conversion
 * rate's denominator) and the variant's impressions of the day, to the A/B test's denominator when
 * `counted`, else to the impressions the results show as not counted. Nothing to add, no statement.
 */
export async function recordImpression(storeId: string, { storeView, variant }: ImpressionCounts) {
  if (!storeView && !variant) return;
  const counted = variant?.counted ?? false;
  const continued = counted && variant?.openerContinued === true;
  await db().execute(sql`
    with store_view as (
      insert into popup_views (store_id, day, views)
      select ${storeId}::uuid, current_date, 1 where ${storeView}::boolean
      on conflict (store_id, day) do update set views = popup_views.views + 1
    )
    insert into popup_variant_days (popup_id, variant_id, day, impressions, impressions_not_counted, opener_continues)
    select ${variant?.popupId ?? null}::uuid, ${variant?.variantId ?? null}::text, ${variant?.day ?? null}::date,
           ${counted ? 1 : 0}::int, ${counted ? 0 : 1}::int, ${continued ? 1 : 0}::int
    where ${variant !== null}::boolean
    on conflict (popup_id, variant_id, day) do update set
      impressions = popup_variant_days.impressions + excluded.impressions,
      impressions_not_counted = popup_variant_days.impressions_not_counted + excluded.impressions_not_counted,
      opener_continues = popup_variant_days.opener_continues + excluded.opener_continues`);
}
