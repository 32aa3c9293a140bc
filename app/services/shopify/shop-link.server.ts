import { and, count, eq, gt, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors.server";
import { organizations, shopifyLinkRequests, stores, subscribers, users } from "~/db/schema";
import { CONNECT_ADMIN_ONLY } from "~/lib/schemas/shopify";
import { conflict, invalid, refused } from "~/server/domain-errors.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { requireStore } from "~/services/stores/crud.server";
import { embeddedAppConfig, shopifyInstallUrl } from "~/shopify.server";
import { enqueue } from "../../../jobs/client";
import { readShopLinkGrant, type ShopLinkGrant, signShopLinkGrant } from "./shop-link-grant.server";

/** Installing the app and opening it from the shop's admin fits in this, with time to spare. */
const REQUEST_TTL_MS = 30 * 60 * 1000;
/** The dashboard's page that confirms a link; the shop's admin opens it in a new tab with a grant. */
export const SHOP_LINK_PATH = "/connect/shopify";

const OAUTH_NOT_CONFIGURED =
  "Connect with Shopify is not available: the app's Shopify credentials (SHOPIFY_API_KEY, SHOPIFY_API_SECRET, SHOPIFY_APP_URL) are not configured on this server.";
const START_AGAIN = "Start again with Connect with Shopify in the store's Settings.";

function requireShopifyApp() {
  const config = embeddedAppConfig();
  if (!config) throw refused(OAUTH_NOT_CONFIGURED);
  return config;
}

type Reader = Pick<ReturnType<typeof db>, "select">;

/**
 * The store a shop's install made, as linking finds it: gone (linked already, or deleted), in use (the shop
 * works there: a subscriber, a member or a second store was added), or new: nothing is lost by deleting it.
 * Within the linking transaction its row is locked first, so nothing is added meanwhile.
 */
async function installedStoreState(reader: Reader, storeId: string, shop: string) {
  const [store] = await reader
    .select({ organizationId: stores.organizationId, createdByShop: organizations.createdByShop })
    .from(stores)
    .innerJoin(organizations, eq(organizations.id, stores.organizationId))
    .where(and(eq(stores.id, storeId), eq(stores.shopifyDomain, shop)));
  if (!store) return "gone";
  if (store.createdByShop !== shop) return "in use";
  // One after another: within a transaction the reader is one connection.
  const [storeCount] = await reader
    .select({ n: count() })
    .from(stores)
    .where(eq(stores.organizationId, store.organizationId));
  const [userCount] = await reader
    .select({ n: count() })
    .from(users)
    .where(eq(users.organizationId, store.organizationId));
  const [subscriberCount] = await reader
    .select({ n: count() })
    .from(subscribers)
    .where(eq(subscribers.storeId, storeId));
  const isNew = storeCount?.n === 1 && userCount?.n === 1 && subscriberCount?.n === 0;
  return isNew ? { organizationId: store.organizationId } : "in use";
}

/**
 * POST /api/stores/:id/shopify/link, for administrators: the request to link this store to the shop that
 * installs the app next (one per user, replacing any earlier one, for 30 minutes), and where Shopify's
 * install starts. Shopify, not this app, asks which shop.
 */
export async function requestShopLink(actor: Actor, storeId: string): Promise<{ installUrl: string }> {
  authorize(actor, "admin", CONNECT_ADMIN_ONLY);
  const store = await requireStore(actor, storeId);
  if (actor.via !== "session")
    throw refused("Inside the Shopify admin the app's installation is the connection");
  const config = requireShopifyApp();
  if (store.integrationType !== "shopify")
    throw invalid("Only a Shopify store can be connected with Shopify");
  if (store.shopifyDomain) throw invalid(`This store is already connected to ${store.shopifyDomain}`);
  const expiresAt = new Date(Date.now() + REQUEST_TTL_MS);
  await db().delete(shopifyLinkRequests).where(lt(shopifyLinkRequests.expiresAt, new Date()));
  await db()
    .insert(shopifyLinkRequests)
    .values({ userId: actor.userId, storeId: store.id, expiresAt })
    .onConflictDoUpdate({ target: shopifyLinkRequests.userId, set: { storeId: store.id, expiresAt } });
  return { installUrl: shopifyInstallUrl(config.apiKey) };
}

/**
 * For the installing shop's staff in its admin: the dashboard's confirmation page with a grant for this
 * shop, while its store is the new one its install made (nothing to lose by handing the shop over to an
 * existing store); null otherwise.
 */
export async function shopLinkUrl(actor: Actor): Promise<string | null> {
  const config = embeddedAppConfig();
  if (!config || actor.via !== "shopify" || actor.reach !== "organization" || !actor.storeId) return null;
  const [store] = await db()
    .select({ shop: stores.shopifyDomain })
    .from(stores)
    .where(eq(stores.id, actor.storeId));
  if (!store?.shop) return null;
  const state = await installedStoreState(db(), actor.storeId, store.shop);
  if (typeof state === "string") return null;
  return `${config.appUrl}${SHOP_LINK_PATH}?grant=${signShopLinkGrant(store.shop, actor.storeId)}`;
}

function requireGrant(token: string): ShopLinkGrant {
  const read = readShopLinkGrant(token);
  if ("grant" in read) return read.grant;
  throw refused(
    read.refusal === "expired"
      ? "This link from your Shopify admin expired. Open the app in your Shopify admin and choose Link to my Newsletter Popup store again."
      : "This link was not made by the app in your Shopify admin. Open the app there and choose Link to my Newsletter Popup store.",
  );
}

/** The signed-in administrator's link request, if one is under way (not taken, not expired). */
async function pendingRequest(actor: Actor) {
  const [request] = await db()
    .select()
    .from(shopifyLinkRequests)
    .where(and(eq(shopifyLinkRequests.userId, actor.userId), gt(shopifyLinkRequests.expiresAt, new Date())));
  if (!request)
    throw refused(
      `No Connect with Shopify was started from your store in the last 30 minutes. ${START_AGAIN}`,
    );
  return request;
}

/** What the confirmation page asks about: which shop goes to which of the administrator's stores. */
export async function previewShopLink(actor: Actor, token: string) {
  const grant = requireGrant(token);
  authorize(actor, "admin", CONNECT_ADMIN_ONLY);
  const store = await requireStore(actor, (await pendingRequest(actor)).storeId);
  return { shop: grant.shop, storeId: store.id, storeName: store.name };
}

const shopInUse = (shop: string) =>
  conflict(
    `${shop} already works on its own store in Newsletter Popup (it has subscribers, members or more stores), so it is not handed over to another store. Keep working there, from the shop's Shopify admin.`,
  );

/**
 * The administrator confirms: their request (single-use: taken here) meets the shop's grant. In one
 * transaction the shop's new store and the organization its install made are deleted, and the requested
 * store takes the shop with the install's access token. A refusal changes nothing.
 */
export async function completeShopLink(
  actor: Actor,
  token: string,
): Promise<{ storeId: string; shop: string }> {
  const grant = requireGrant(token);
  requireShopifyApp();
  authorize(actor, "admin", CONNECT_ADMIN_ONLY);
  if (actor.via !== "session") throw refused(CONNECT_ADMIN_ONLY);
  const request = await pendingRequest(actor);
  const store = await requireStore(actor, request.storeId);
  if (store.shopifyDomain && store.shopifyDomain !== grant.shop)
    throw invalid(`This store is already connected to ${store.shopifyDomain}`);
  try {
    await db().transaction(async (tx) => {
      const [taken] = await tx
        .delete(shopifyLinkRequests)
        .where(and(eq(shopifyLinkRequests.userId, actor.userId), eq(shopifyLinkRequests.storeId, store.id)))
        .returning();
      if (!taken) throw refused(`This connection was already used. ${START_AGAIN}`);
      const [installed] = await tx
        .select({ token: stores.shopifyAccessToken })
        .from(stores)
        .where(eq(stores.id, grant.storeId))
        .for("update");
      const state = await installedStoreState(tx, grant.storeId, grant.shop);
      if (!installed || state === "gone")
        throw refused(`This link from your Shopify admin was already used. ${START_AGAIN}`);
      if (state === "in use") throw shopInUse(grant.shop);
      await tx.delete(organizations).where(eq(organizations.id, state.organizationId));
      await tx
        .update(stores)
        .set({
          shopifyDomain: grant.shop,
          shopifyUrl: `https://${grant.shop}`,
          shopifyStoreName: grant.shop.replace(/\.myshopify\.com$/, ""),
          shopifyAccessToken: installed.token,
          isConnected: true,
          shopifyRefusedAt: null,
          updatedAt: new Date(),
        })
        .where(eq(stores.id, store.id));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw shopInUse(grant.shop);
    throw error;
  }
  // The theme app embed learns the store id it now serves from the shop, as after an install.
  await enqueue("shopify", { type: "publish-storefront-settings", storeId: store.id });
  return { storeId: store.id, shop: grant.shop };
}
