import { eq } from "drizzle-orm";
import { stores } from "~/db/schema";
import { testDb } from "../infra/db";

/**
 * Moves a shop's link to `storeId`: the store a shop's session token acts on is the one whose
 * `shopify_domain` names the shop (set by an install or by Connect with Shopify), one store per shop.
 */
export async function linkShopTo(shop: string, storeId: string): Promise<void> {
  await testDb().transaction(async (tx) => {
    await tx.update(stores).set({ shopifyDomain: null }).where(eq(stores.shopifyDomain, shop));
    await tx.update(stores).set({ shopifyDomain: shop }).where(eq(stores.id, storeId));
  });
}

/** The store a shop is linked to, with its organization and owner. */
export async function storeOfShop(shop: string) {
  const [store] = await testDb().select().from(stores).where(eq(stores.shopifyDomain, shop));
  if (!store) throw new Error(`no store is linked to ${shop}`);
  return store;
}
