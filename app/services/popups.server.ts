import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { popupConfigs, popupViews, stores } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { toPublicConfig } from "~/lib/public-popup-config";
import type { PopupUpdate } from "~/lib/schemas/popups";
import { enqueue } from "../../jobs/client";
import type { PublicPopupConfig } from "../../popup/config";
import { type Actor, authorize } from "./actor.server";
import { notFound } from "./errors.server";
import { requireStore } from "./stores.server";

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
  publicConfigCache.delete(store.id);
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

/**
 * Storefronts ask for the config on every page view; a few seconds of caching spares the database.
 * Edits clear this process's entry at once; other processes see them within the TTL.
 */
const PUBLIC_CONFIG_TTL_MS = 5_000;
const publicConfigCache = new Map<string, { config: PublicPopupConfig | null; expires: number }>();

/** The active popup of a store for the storefront, or null (unknown store, inactive popup). */
export async function publicPopupConfig(storeId: string): Promise<PublicPopupConfig | null> {
  if (!isUuid(storeId)) return null;
  const cached = publicConfigCache.get(storeId);
  if (cached && cached.expires > Date.now()) return cached.config;
  const [row] = await db()
    .select({ popup: popupConfigs, socialLinks: stores.socialLinks })
    .from(popupConfigs)
    .innerJoin(stores, eq(stores.id, popupConfigs.storeId))
    .where(and(eq(popupConfigs.storeId, storeId), eq(popupConfigs.isActive, true)));
  const config = row ? toPublicConfig(row.popup, row.socialLinks) : null;
  publicConfigCache.set(storeId, { config, expires: Date.now() + PUBLIC_CONFIG_TTL_MS });
  return config;
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
