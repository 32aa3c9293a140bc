import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stores } from "~/db/schema";
import type { ShopifyConnectionInput, ShopifyVerificationInput } from "~/lib/schemas/shopify";
import { decryptSecret, encryptSecret } from "~/server/crypto.server";
import { logger } from "~/server/logger.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { invalid, notFound } from "~/services/errors.server";
import { presentStore, requireStore } from "~/services/stores/stores.server";
import { enqueue } from "../../../jobs/client";
import {
  ShopifyAuthError,
  type ShopifyCredentials,
  shopDomainOf,
  verifyShopifyAccess,
} from "./admin-api.server";
import { installedShopCredentials } from "./shop-credentials.server";

type StoreRow = typeof stores.$inferSelect;

function credentialsFromInput(input: ShopifyConnectionInput): ShopifyCredentials {
  return {
    shopDomain: shopDomainOf(input.shopifyUrl || input.shopifyStoreName || ""),
    accessToken: input.accessToken,
  };
}

/** A readable account of a verification: the shop and what, if anything, is missing. */
function describe(result: Awaited<ReturnType<typeof verifyShopifyAccess>>): string {
  if (result.missingScopes.length === 0)
    return `Connected to ${result.shopName}. All required permissions are granted.`;
  return `Connected to ${result.shopName}, but the token lacks ${result.missingScopes.join(", ")}. In your Shopify admin, add these Admin API scopes to the custom app and reinstall it.`;
}

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
  const result = await verifyShopifyAccess(credentialsFromInput({ ...input, accessToken }));
  return { ...result, ok: result.missingScopes.length === 0, message: describe(result) };
}

/** POST /shopify/connect: verifies, then stores the token encrypted and marks the store Connected. */
export async function connectShopify(actor: Actor, storeId: string, input: ShopifyConnectionInput) {
  authorize(actor, "manage_integrations");
  const store = await requireStore(actor, storeId);
  const result = await verifyShopifyAccess(credentialsFromInput(input));
  if (result.missingScopes.length > 0) throw invalid(describe(result));
  const [updated] = await db()
    .update(stores)
    .set({
      shopifyAccessToken: encryptSecret(input.accessToken),
      shopifyStoreName: result.shopDomain.replace(/\.myshopify\.com$/, ""),
      shopifyUrl: `https://${result.shopDomain}`,
      ...(input.customDomain !== undefined ? { customDomain: input.customDomain || null } : {}),
      isConnected: true,
      updatedAt: new Date(),
    })
    .where(eq(stores.id, store.id))
    .returning();
  if (!updated) throw notFound("Store not found");
  await enqueue(
    "shopify",
    { type: "check-discount-code", storeId: store.id },
    { jobId: `check-code-${store.id}-${Date.now()}` },
  );
  return { store: presentStore(updated), message: describe(result) };
}

/** The Admin API credentials of a connected store, or null. */
export function credentialsOf(store: StoreRow): ShopifyCredentials | null {
  if (!store.isConnected || !store.shopifyAccessToken || !store.shopifyUrl) return null;
  return { shopDomain: shopDomainOf(store.shopifyUrl), accessToken: decryptSecret(store.shopifyAccessToken) };
}

/** Runs an Admin API call for a store; a refused token marks the store Not Connected before the error goes on. */
export async function withShopify<T>(
  store: StoreRow,
  call: (credentials: ShopifyCredentials) => Promise<T>,
): Promise<T> {
  const credentials = (await installedShopCredentials(store)) ?? credentialsOf(store);
  if (!credentials) throw invalid("This store is not connected to Shopify");
  try {
    return await call(credentials);
  } catch (error) {
    if (error instanceof ShopifyAuthError) {
      await db()
        .update(stores)
        .set({ isConnected: false, updatedAt: new Date() })
        .where(eq(stores.id, store.id));
      logger().warn({ storeId: store.id }, "Shopify token refused: store marked Not Connected");
    }
    throw error;
  }
}
