import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stores } from "~/db/schema";
import {
  CUSTOM_APP_TOKENS_RETIRED,
  type ShopifyConnectionInput,
  type ShopifyVerificationInput,
} from "~/lib/schemas/shopify";
import { decryptSecret } from "~/server/crypto.server";
import { invalid, notFound, refused } from "~/server/domain-errors.server";
import { logger } from "~/server/logger.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { presentStore, requireStore } from "~/services/stores/crud.server";
import { forgetOfflineToken, isEmbeddedAppEnabled } from "~/shopify.server";
import {
  checkShopifyAccess,
  credentialsFor,
  describeAccess,
  queueDiscountCodeCheck,
} from "./access-check.server";
import {
  ShopifyAuthError,
  type ShopifyCredentials,
  shopDomainOf,
  verifyShopifyAccess,
} from "./admin-api.server";
import { installedShopCredentials } from "./shop-credentials.server";

type StoreRow = typeof stores.$inferSelect;

/**
 * POST /shopify/verify: checks the shop URL and token against the Admin API without saving anything;
 * with no token in the request, the store's saved token is the one checked.
 */
export async function verifyShopifyConnection(
  actor: Actor,
  storeId: string,
  input: ShopifyVerificationInput,
) {
  authorize(actor, "manage_integrations");
  const store = await requireStore(actor, storeId);
  const accessToken =
    input.accessToken ?? (store.shopifyAccessToken ? decryptSecret(store.shopifyAccessToken) : null);
  if (!accessToken) throw invalid("Add an access token first");
  const result = await verifyShopifyAccess(credentialsFor(input, accessToken));
  return { ...result, ok: result.missingScopes.length === 0, message: describeAccess(result) };
}

/**
 * POST /shopify/connect: replaces the custom app token of a store that has one (a rotated token), verified
 * first, and marks the store Connected. A store without one connects with Connect with Shopify instead.
 */
export async function connectShopify(actor: Actor, storeId: string, input: ShopifyConnectionInput) {
  authorize(actor, "manage_integrations");
  const store = await requireStore(actor, storeId);
  if (!store.shopifyAccessToken) throw refused(CUSTOM_APP_TOKENS_RETIRED);
  const { columns, message } = await checkShopifyAccess(input, input.accessToken);
  const [updated] = await db()
    .update(stores)
    .set({
      ...columns,
      ...(input.customDomain !== undefined ? { customDomain: input.customDomain || null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(stores.id, store.id))
    .returning();
  if (!updated) throw notFound("Store not found");
  await queueDiscountCodeCheck(store.id);
  return { store: presentStore(updated), message };
}

/** The Admin API credentials of a connected store, or null. */
export function credentialsOf(store: StoreRow): ShopifyCredentials | null {
  if (!store.isConnected || !store.shopifyAccessToken || !store.shopifyUrl) return null;
  return { shopDomain: shopDomainOf(store.shopifyUrl), accessToken: decryptSecret(store.shopifyAccessToken) };
}

/**
 * Shopify refused the store's token, and renewing it did not help: the store is Not Connected since now, which
 * Settings tells the merchant. An installed shop's token is forgotten, so that the merchant's next visit to
 * the app in the Shopify admin exchanges a new one and reconnects the store (docs/decisions/161).
 */
async function markRefused(store: StoreRow): Promise<void> {
  await db()
    .update(stores)
    .set({ isConnected: false, shopifyRefusedAt: new Date(), updatedAt: new Date() })
    .where(eq(stores.id, store.id));
  if (store.shopifyDomain && isEmbeddedAppEnabled()) await forgetOfflineToken(store.shopifyDomain);
  logger().warn(
    { storeId: store.id, shop: store.shopifyDomain ?? store.shopifyUrl },
    "Shopify refused the store's token: store marked Not Connected until the shop reconnects",
  );
}

/** Runs an Admin API call for a store; a refused token marks the store refused before the error goes on. */
export async function withShopify<T>(
  store: StoreRow,
  call: (credentials: ShopifyCredentials) => Promise<T>,
): Promise<T> {
  const credentials = (await installedShopCredentials(store)) ?? credentialsOf(store);
  if (!credentials) throw invalid("This store is not connected to Shopify");
  try {
    return await call(credentials);
  } catch (error) {
    if (error instanceof ShopifyAuthError) await markRefused(store);
    throw error;
  }
}
