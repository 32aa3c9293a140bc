import { eq } from "drizzle-orm";
import { stores } from "~/db/schema";
import type { ShopifyConnectionInput } from "~/lib/schemas/shopify";
import { encryptSecret } from "~/server/crypto.server";
import type { Actor } from "~/services/access/actor.server";
import { connectShopify } from "~/services/shopify/connection.server";
import { testDb } from "../infra/db";

/** The token a store kept from a custom app made before Shopify stopped them (January 2026). */
export const LEGACY_TOKEN = "shpat_legacy00000000000000000000";

/** A store as an earlier version left it: a custom app's Admin API token saved on it. */
export async function saveLegacyToken(storeId: string, accessToken = LEGACY_TOKEN): Promise<void> {
  await testDb()
    .update(stores)
    .set({ shopifyAccessToken: encryptSecret(accessToken) })
    .where(eq(stores.id, storeId));
}

/** A store connected by a custom app's token: it had one, and it is replaced (verified) by `input`'s. */
export async function connectWithLegacyToken(actor: Actor, storeId: string, input: ShopifyConnectionInput) {
  await saveLegacyToken(storeId);
  return connectShopify(actor, storeId, input);
}
