import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { shopifySessions, stores } from "~/db/schema";

/**
 * app/uninstalled: the shop's store is Not Connected, its token and Shopify sessions are gone (they are
 * void now). Subscribers and settings stay until shop/redact, so a reinstall within 48 hours finds them.
 * Running it again changes nothing.
 */
export async function disconnectUninstalledShop(shopDomain: string): Promise<void> {
  await db().transaction(async (tx) => {
    await tx
      .update(stores)
      .set({ isConnected: false, shopifyAccessToken: null, updatedAt: new Date() })
      .where(eq(stores.shopifyDomain, shopDomain));
    await tx.delete(shopifySessions).where(eq(shopifySessions.shop, shopDomain));
  });
}

/** app/scopes_update: the shop's sessions carry the scopes the merchant granted now. */
export async function recordGrantedScopes(shopDomain: string, scopes: string[]): Promise<void> {
  await db()
    .update(shopifySessions)
    .set({ scope: scopes.join(",") })
    .where(eq(shopifySessions.shop, shopDomain));
}
