import { SessionNotFoundError } from "@shopify/shopify-app-react-router/server";
import { isEmbeddedAppEnabled, refreshOfflineToken, unauthenticated } from "~/shopify.server";
import type { ShopifyCredentials } from "./admin-api.server";

/**
 * The Admin API credentials of a shop that installed the embedded app: its offline session, which the
 * library refreshes when the expiring token nears its end (the copy saved on the store at install would
 * go stale within the hour), and which is refreshed once more should Shopify refuse the token before then.
 * Null for other stores, or when the shop has no session or token (uninstalled, or refused: see
 * forgetOfflineToken).
 */
export async function installedShopCredentials(store: {
  shopifyDomain: string | null;
}): Promise<ShopifyCredentials | null> {
  if (!store.shopifyDomain || !isEmbeddedAppEnabled()) return null;
  try {
    const { session } = await unauthenticated.admin(store.shopifyDomain);
    if (!session.accessToken) return null;
    let renewed = false;
    return {
      shopDomain: session.shop,
      accessToken: session.accessToken,
      renewAccessToken: async () => {
        if (renewed) return null;
        renewed = true;
        return refreshOfflineToken(session.shop);
      },
    };
  } catch (error) {
    if (error instanceof SessionNotFoundError) return null;
    throw error;
  }
}
