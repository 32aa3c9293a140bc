import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { shopifySessions, stores } from "~/db/schema";
import { CUSTOMER_WRITE_SCOPE } from "~/lib/schemas/consent-sync";

/**
 * app/uninstalled: the shop's store is Not Connected, its token and Shopify sessions are gone (they are
 * void now). Subscribers and settings stay until shop/redact, so a reinstall within 48 hours finds them.
 * Running it again changes nothing.
 */
export async function disconnectUninstalledShop(shopDomain: string): Promise<void> {
  await db().transaction(async (tx) => {
    await tx
      .update(stores)
      .set({ isConnected: false, shopifyAccessToken: null, shopifyRefusedAt: null, updatedAt: new Date() })
      .where(eq(stores.shopifyDomain, shopDomain));
    await tx.delete(shopifySessions).where(eq(shopifySessions.shop, shopDomain));
  });
}

/**
 * app/scopes_update: the shop's sessions carry the scopes the merchant granted now. A merchant who took
 * customer access back (an optional scope) has turned consent sync off with it: every push would be refused.
 */
export async function recordGrantedScopes(shopDomain: string, scopes: string[]): Promise<void> {
  await db().transaction(async (tx) => {
    await tx
      .update(shopifySessions)
      .set({ scope: scopes.join(",") })
      .where(eq(shopifySessions.shop, shopDomain));
    if (!scopes.includes(CUSTOMER_WRITE_SCOPE)) {
      await tx
        .update(stores)
        .set({ consentSyncEnabled: false, updatedAt: new Date() })
        .where(and(eq(stores.shopifyDomain, shopDomain), eq(stores.consentSyncEnabled, true)));
    }
  });
}
