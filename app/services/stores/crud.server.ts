import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Db, db, type Transaction } from "~/db/client.server";
import { emailSettings, emailTemplates, popupConfigs, stores, subscribers } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import {
  type CreateStoreInput,
  createStoreSchema,
  type StoreListItem,
  type StoreView,
  shopAlreadyAdded,
  shopHostsOf,
  siteHost,
  type TakenShop,
  type updateStoreSchema,
} from "~/lib/schemas/stores";
import { DEFAULT_AUDIENCE, firstPopupFor, type ShopAudience } from "~/lib/shop-audience";
import { decryptSecret, maskSecret } from "~/server/crypto.server";
import { conflict, forbidden, invalid, notFound } from "~/server/domain-errors.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { conversionRate, fromPopup, recentDays } from "./popup-figures.server";
import { forgetPublicConfig } from "./public-config-cache.server";

export const DELETE_STORE_DENIED = "You don't have permission to delete stores";

export type StoreSummary = { id: string; name: string };
export type StoreRow = typeof stores.$inferSelect;

/**
 * A store as the API returns it: named fields only, so a column added later (bookkeeping, tenancy)
 * stays out of every answer until it is listed here; the access token masked, never the ciphertext.
 */
export function presentStore(row: StoreRow): StoreView {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    integrationType: row.integrationType,
    icon: row.icon,
    shopifyUrl: row.shopifyUrl,
    shopifyStoreName: row.shopifyStoreName,
    customDomain: row.customDomain,
    shopifyAccessToken: row.shopifyAccessToken ? maskSecret(decryptSecret(row.shopifyAccessToken)) : null,
    isConnected: row.isConnected,
    shopifyRefusedAt: row.shopifyRefusedAt,
    shopifyDomain: row.shopifyDomain,
    consentSyncEnabled: row.consentSyncEnabled,
    welcomeEmailSender: row.welcomeEmailSender,
    privacyPolicyUrl: row.privacyPolicyUrl,
    currency: row.currency,
    isVerified: row.isVerified,
    activeScriptVersion: row.activeScriptVersion,
    activeScriptTimestamp: row.activeScriptTimestamp,
    verificationCheckedAt: row.verificationCheckedAt,
    verificationMessage: row.verificationMessage,
    socialLinks: row.socialLinks,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function scopeOf(actor: Actor) {
  const inOrganization = eq(stores.organizationId, actor.organizationId);
  return actor.storeId ? and(inOrganization, eq(stores.id, actor.storeId)) : inOrganization;
}

/** The stores the actor may switch between (an embedded session sees only its shop's store). */
export async function listStoreSummaries(actor: Actor): Promise<StoreSummary[]> {
  return db()
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(scopeOf(actor))
    .orderBy(asc(stores.createdAt));
}

/** A store of the actor's organization, or 404 — another tenant's id is indistinguishable from a missing one. */
export async function requireStore(actor: Actor, storeId: string | undefined): Promise<StoreRow> {
  if (!isUuid(storeId)) throw notFound("Store not found");
  const [store] = await db()
    .select()
    .from(stores)
    .where(and(scopeOf(actor), eq(stores.id, storeId)));
  if (!store) throw notFound("Store not found");
  return store;
}

/**
 * The stores with their subscriber count (all time) and conversion rate: subscribers from the popup ÷ popup
 * views over the last 30 days, as on the dashboard (docs/decisions/112).
 */
export async function listStores(actor: Actor): Promise<StoreListItem[]> {
  const { since, day } = recentDays();
  // Written out in SQL: a correlated subquery must name the outer table explicitly.
  const subscriberCount =
    sql<number>`(select coalesce(sum(c.subscribers), 0) from store_counters c where c.store_id = "stores"."id")`.mapWith(
      Number,
    );
  const views =
    sql<number>`(select coalesce(sum(v.views), 0) from popup_views v where v.store_id = "stores"."id" and v.day >= ${day})`.mapWith(
      Number,
    );
  const popupSubscribers =
    sql<number>`(select count(*) from ${subscribers} where ${subscribers.storeId} = "stores"."id" and ${subscribers.subscribedAt} >= ${since.toISOString()}::timestamptz and ${fromPopup})`.mapWith(
      Number,
    );
  const rows = await db()
    .select({ store: stores, subscriberCount, views, popupSubscribers })
    .from(stores)
    .where(scopeOf(actor))
    .orderBy(asc(stores.createdAt));
  return rows.map((row) => ({
    ...presentStore(row.store),
    subscriberCount: row.subscriberCount,
    conversionRate: conversionRate(row.popupSubscribers, row.views),
  }));
}

/**
 * A new store with its default popup, welcome template and email settings, all or nothing. A Shopify store
 * is created Not Connected: it is connected afterwards with Connect with Shopify.
 */
export async function createStore(actor: Actor, input: CreateStoreInput): Promise<StoreView> {
  authorize(actor, "manage_stores");
  if (actor.storeId) throw forbidden("Stores are added from the standalone dashboard");
  const { audience, ...values } = createStoreSchema.parse(input);
  const addressField = values.shopifyStoreName
    ? "shopifyStoreName"
    : values.customDomain
      ? "customDomain"
      : "shopifyUrl";
  // A shop the organization has is refused under the organization's lock: two additions of one shop at
  // once cannot both pass.
  const shopUrl = values.integrationType === "shopify" ? values.shopifyUrl : null;
  const store = await db().transaction(async (tx) => {
    await lockOrganizationStores(tx, actor);
    if (shopUrl) await refuseTakenShop(actor, shopUrl, addressField, tx);
    return insertStoreWithDefaults(
      tx,
      { ...values, organizationId: actor.organizationId, userId: actor.userId },
      audience ?? DEFAULT_AUDIENCE,
    );
  });
  return presentStore(store);
}

/**
 * The organization's Shopify stores and the addresses each is known by (one store per shop); a store
 * being edited is left out, so keeping its own address is not a clash.
 */
export async function listTakenShops(
  actor: Actor,
  { exceptStoreId, tx = db() }: { exceptStoreId?: string; tx?: Db | Transaction } = {},
): Promise<TakenShop[]> {
  const rows = await tx
    .select({
      name: stores.name,
      shopifyUrl: stores.shopifyUrl,
      customDomain: stores.customDomain,
      shopifyDomain: stores.shopifyDomain,
    })
    .from(stores)
    .where(
      and(
        eq(stores.organizationId, actor.organizationId),
        eq(stores.integrationType, "shopify"),
        exceptStoreId ? ne(stores.id, exceptStoreId) : undefined,
      ),
    );
  return rows.map((row) => ({ name: row.name, hosts: shopHostsOf(row) }));
}

/** A second store for a shop the organization already has is refused, on the field its address was typed in. */
async function refuseTakenShop(
  actor: Actor,
  shopUrl: string,
  field: string,
  tx?: Transaction,
  exceptStoreId?: string,
): Promise<void> {
  const host = siteHost(shopUrl);
  if (!host) return;
  const taken = (await listTakenShops(actor, { tx, exceptStoreId })).find((shop) =>
    shop.hosts.includes(host),
  );
  if (!taken) return;
  const message = shopAlreadyAdded(host, taken.name);
  throw conflict(message, { [field]: [message] });
}

/** Store additions and address changes of one organization take turns until their transaction ends. */
async function lockOrganizationStores(tx: Transaction, actor: Actor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stores:${actor.organizationId}`}))`);
}

/**
 * Inserts a store with its default popup (accepting the addresses its audience uses), welcome template and
 * email settings, inside the caller's transaction.
 */
export async function insertStoreWithDefaults(
  tx: Transaction,
  values: typeof stores.$inferInsert,
  audience: ShopAudience,
): Promise<StoreRow> {
  const [created] = await tx.insert(stores).values(values).returning();
  if (!created) throw new Error("Store was not created");
  // The store's own popup works from the start (SPEC: active); the popups a merchant adds start as drafts.
  await tx
    .insert(popupConfigs)
    .values({ storeId: created.id, ...firstPopupFor(audience), status: "live", publishedAt: new Date() });
  await tx.insert(emailTemplates).values({ storeId: created.id });
  await tx.insert(emailSettings).values({ storeId: created.id });
  return created;
}

/** A Shopify store's currency is read from its shop (docs/decisions/181): the merchant cannot pick another. */
const SHOP_CURRENCY_MESSAGE = "A Shopify store's currency is its shop's, read from Shopify";

export async function updateStore(actor: Actor, storeId: string, changes: z.infer<typeof updateStoreSchema>) {
  authorize(actor, "manage_stores");
  const store = await requireStore(actor, storeId);
  if (
    store.integrationType === "shopify" &&
    changes.currency !== undefined &&
    changes.currency !== store.currency
  )
    throw invalid(SHOP_CURRENCY_MESSAGE, { currency: SHOP_CURRENCY_MESSAGE });
  const updated = await db().transaction(async (tx) => {
    if (store.integrationType === "shopify") await refuseAddressOfAnotherShop(tx, actor, store, changes);
    const [row] = await tx
      .update(stores)
      .set({
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.shopifyUrl === undefined ? {} : siteUrlChange(store, changes.shopifyUrl)),
        ...(changes.customDomain === undefined ? {} : { customDomain: changes.customDomain || null }),
        ...(changes.privacyPolicyUrl === undefined
          ? {}
          : { privacyPolicyUrl: changes.privacyPolicyUrl || null }),
        ...(changes.currency === undefined ? {} : { currency: changes.currency }),
        ...(changes.socialLinks ? { socialLinks: { ...store.socialLinks, ...changes.socialLinks } } : {}),
        updatedAt: new Date(),
      })
      .where(eq(stores.id, store.id))
      .returning();
    return row;
  });
  if (!updated) throw notFound("Store not found");
  // The popups show the store's name, address (its policy page), social links and currency.
  forgetPublicConfig(store.id);
  return presentStore(updated);
}

/** A Shopify store's new address (or custom domain) may not be one another store of the organization has. */
async function refuseAddressOfAnotherShop(
  tx: Transaction,
  actor: Actor,
  store: StoreRow,
  changes: z.infer<typeof updateStoreSchema>,
): Promise<void> {
  if (!changes.shopifyUrl && !changes.customDomain) return;
  await lockOrganizationStores(tx, actor);
  if (changes.shopifyUrl) await refuseTakenShop(actor, changes.shopifyUrl, "shopifyUrl", tx, store.id);
  if (changes.customDomain) await refuseTakenShop(actor, changes.customDomain, "customDomain", tx, store.id);
}

/**
 * A new site address. A Shopify store's token belongs to its shop: moving to another shop disconnects
 * the store until a token for the new shop is connected (the same shop under another spelling does not).
 */
function siteUrlChange(store: StoreRow, shopifyUrl: string) {
  const sameShop =
    store.shopifyUrl !== null &&
    new URL(store.shopifyUrl).host.toLowerCase() === new URL(shopifyUrl).host.toLowerCase();
  if (store.integrationType !== "shopify" || sameShop) return { shopifyUrl };
  const storeName = /^([a-z0-9-]+)\.myshopify\.com$/i.exec(new URL(shopifyUrl).host)?.[1];
  return {
    shopifyUrl,
    shopifyStoreName: storeName?.toLowerCase() ?? null,
    isConnected: false,
    shopifyAccessToken: null,
    shopifyRefusedAt: null,
  };
}

/** Deletes a store; its popup, subscribers, template, settings and analytics go with it (one statement, cascading). */
export async function deleteStore(actor: Actor, storeId: string): Promise<void> {
  authorize(actor, "delete_data", DELETE_STORE_DENIED);
  const store = await requireStore(actor, storeId);
  await db().delete(stores).where(eq(stores.id, store.id));
  // This process's storefront calls answer not found at once; another process's, once its cache expires.
  forgetPublicConfig(store.id);
}
