import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { popupConfigs, popupViews, stores } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { toPublicConfig } from "~/lib/public-popup-config";
import type { PopupUpdate } from "~/lib/schemas/popups";
import { type Actor, authorize } from "~/services/access/actor.server";
import { notFound } from "~/services/errors.server";
import { requireStore } from "~/services/stores/stores.server";
import { enqueue } from "../../../jobs/client";
import type { PopupWithCode, PublicPopupConfig } from "../../../popup/config";
import { forgetPublicConfig, type PublicEntry, publicEntries } from "./public-config-cache.server";

type PopupRow = typeof popupConfigs.$inferSelect;

async function popupOf(storeId: string): Promise<PopupRow> {
  const [popup] = await db().select().from(popupConfigs).where(eq(popupConfigs.storeId, storeId));
  if (!popup) throw notFound("Popup configuration not found");
  return popup;
}

export async function getPopupConfig(actor: Actor, storeId: string): Promise<PopupRow> {
  authorize(actor, "manage_popups");
  const store = await requireStore(actor, storeId);
  return popupOf(store.id);
}

/** Applies the changed fields only; nested objects merge with what is stored. */
export async function updatePopupConfig(
  actor: Actor,
  storeId: string,
  changes: PopupUpdate,
): Promise<PopupRow> {
  authorize(actor, "manage_popups");
  const store = await requireStore(actor, storeId);
  const current = await popupOf(store.id);
  const { fields, emailValidation, cartValidation, layout, ...flat } = changes;
  const [updated] = await db()
    .update(popupConfigs)
    .set({
      ...flat,
      ...(fields ? { fields: { ...current.fields, ...fields, email: true } } : {}),
      ...(emailValidation ? { emailValidation: { ...current.emailValidation, ...emailValidation } } : {}),
      ...(cartValidation ? { cartValidation: { ...current.cartValidation, ...cartValidation } } : {}),
      ...(layout ? { layout: { ...current.layout, ...layout } } : {}),
      // A new code has not been checked against Shopify yet.
      ...(flat.discountCode !== undefined && flat.discountCode !== current.discountCode
        ? { discountCodeInShopify: null, discountCodeCheckedAt: null }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(popupConfigs.id, current.id))
    .returning();
  if (!updated) throw notFound("Popup configuration not found");
  forgetPublicConfig(store.id);
  if (
    changes.discountCode !== undefined &&
    changes.discountCode !== current.discountCode &&
    store.isConnected
  ) {
    await enqueue(
      "shopify",
      { type: "check-discount-code", storeId: store.id },
      { jobId: `check-code-${store.id}-${Date.now()}` },
    );
  }
  return updated;
}

async function publicEntry(storeId: string): Promise<PublicEntry | null> {
  if (!isUuid(storeId)) return null;
  return publicEntries.remember(storeId, async () => {
    const [row] = await db()
      .select({
        popup: popupConfigs,
        socialLinks: stores.socialLinks,
        scriptVersion: stores.activeScriptVersion,
      })
      .from(popupConfigs)
      .innerJoin(stores, eq(stores.id, popupConfigs.storeId))
      .where(and(eq(popupConfigs.storeId, storeId), eq(popupConfigs.isActive, true)));
    return {
      config: row ? toPublicConfig(row.popup, row.socialLinks) : null,
      discountCode: row?.popup.discountCode ?? null,
      scriptVersion: row?.scriptVersion ?? null,
    };
  });
}

/** The active popup of a store for the storefront, or null (unknown store, inactive popup). */
export async function publicPopupConfig(storeId: string): Promise<PublicPopupConfig | null> {
  return (await publicEntry(storeId))?.config ?? null;
}

/** The active popup with its shared code, for a subscription; null like publicPopupConfig. */
export async function subscribingPopup(storeId: string): Promise<PopupWithCode | null> {
  const entry = await publicEntry(storeId);
  return entry?.config && entry.discountCode !== null
    ? { ...entry.config, discountCode: entry.discountCode }
    : null;
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
