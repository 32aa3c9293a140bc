import { encryptSecret } from "~/server/crypto.server";
import { invalid } from "~/server/domain-errors.server";
import { enqueue } from "../../../jobs/client";
import { type ShopifyCredentials, shopDomainOf, verifyShopifyAccess } from "./admin-api.server";

/** The shop a custom app's token belongs to: its URL (any spelling) or its myshopify.com store name. */
export type ShopAddress = { shopifyUrl?: string; shopifyStoreName?: string };

export function credentialsFor(shop: ShopAddress, accessToken: string): ShopifyCredentials {
  return { shopDomain: shopDomainOf(shop.shopifyUrl || shop.shopifyStoreName || ""), accessToken };
}

type AccessResult = Awaited<ReturnType<typeof verifyShopifyAccess>>;

/** A readable account of a verification: the shop and what, if anything, is missing. */
export function describeAccess(result: AccessResult): string {
  if (result.missingScopes.length === 0)
    return `Connected to ${result.shopName}. All required permissions are granted.`;
  return `Connected to ${result.shopName}, but the token lacks ${result.missingScopes.join(", ")}. In your Shopify admin, add these Admin API scopes to the custom app and reinstall it.`;
}

/**
 * Verifies a custom app's token against its shop, saving nothing, and refuses one the app cannot work
 * with: a refused token (ShopifyAuthError), an address that is not a shop, a missing scope. Resolves with
 * the store columns of the connection (the token encrypted) and a readable account.
 */
export async function checkShopifyAccess(shop: ShopAddress, accessToken: string) {
  const result = await verifyShopifyAccess(credentialsFor(shop, accessToken));
  if (result.missingScopes.length > 0) throw invalid(describeAccess(result));
  return {
    columns: {
      shopifyAccessToken: encryptSecret(accessToken),
      shopifyStoreName: result.shopDomain.replace(/\.myshopify\.com$/, ""),
      shopifyUrl: `https://${result.shopDomain}`,
      currency: result.currency,
      isConnected: true,
      shopifyRefusedAt: null,
    },
    message: describeAccess(result),
  };
}

/** A store just connected: whether the popup's code exists in the shop is checked in the background. */
export async function queueDiscountCodeCheck(storeId: string): Promise<void> {
  await enqueue(
    "shopify",
    { type: "check-discount-code", storeId },
    { jobId: `check-code-${storeId}-${Date.now()}` },
  );
}
