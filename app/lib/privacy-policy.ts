import type { IntegrationType } from "./schemas/stores";

type StoreAddress = {
  privacyPolicyUrl: string | null;
  integrationType: IntegrationType;
  shopifyDomain: string | null;
  shopifyUrl: string | null;
};

/**
 * The privacy policy the popup's consent sentence links to: the store's own setting, else for a Shopify
 * shop its policy page (every shop has one at /policies/privacy-policy, Shopify's ShopPolicy url), else none.
 */
export function privacyPolicyUrlOf(store: StoreAddress): string | null {
  if (store.privacyPolicyUrl) return store.privacyPolicyUrl;
  if (store.integrationType !== "shopify") return null;
  const shop = store.shopifyDomain ? `https://${store.shopifyDomain}` : store.shopifyUrl;
  try {
    return shop ? new URL("/policies/privacy-policy", shop).href : null;
  } catch {
    return null;
  }
}
