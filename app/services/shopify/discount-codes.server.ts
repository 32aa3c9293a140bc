import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { popupConfigs, stores, subscribers } from "~/db/schema";
import { logger } from "~/server/logger.server";
import { preferencesOf } from "~/services/access/preferences.server";
import { popupOfRow } from "~/services/popups/row-popup.server";
import { redeemCodeOf } from "./admin-api.server";
import { credentialsOf, withShopify } from "./connection.server";
import { addCodesToOffer, uniqueCodeFrom } from "./offer-discounts.server";

/** A subscriber with their store and the popup whose offer they took. */
const subscriberWithOffer = (subscriberId: string) =>
  db()
    .select({ subscriber: subscribers, store: stores, popup: popupConfigs })
    .from(subscribers)
    .innerJoin(stores, eq(stores.id, subscribers.storeId))
    .innerJoin(popupConfigs, popupOfRow(subscribers.storeId, subscribers.popupId))
    .where(eq(subscribers.id, subscriberId));

/**
 * Gives a subscriber of a Shopify-connected store their own code, a redeem code of their popup offer's one
 * Shopify discount (offer-discounts.server.ts), and stores it as the code sent. Idempotent: a subscriber who already has a unique
 * code keeps it. Resolves with the subscriber's code, or null when the store is not connected.
 */
export async function issueUniqueCode(subscriberId: string): Promise<string | null> {
  const [row] = await subscriberWithOffer(subscriberId);
  if (!row || !credentialsOf(row.store)) return null;
  const current = row.subscriber.discountCodeSent;
  if (current && current !== row.popup.discountCode) return current;
  const code = uniqueCodeFrom(row.popup.discountCode);
  await withShopify(row.store, (credentials) => addCodesToOffer(credentials, row.popup, [code]));
  await db()
    .update(subscribers)
    .set({ discountCodeSent: code })
    .where(
      and(
        eq(subscribers.id, subscriberId),
        eq(subscribers.discountCodeSent, current ?? row.popup.discountCode),
      ),
    );
  return code;
}

/** Whether a connected store's subscriber still has only the popup's shared code (or none). */
export async function awaitsUniqueCode(subscriberId: string): Promise<boolean> {
  const [row] = await subscriberWithOffer(subscriberId);
  if (!row || !credentialsOf(row.store)) return false;
  const current = row.subscriber.discountCodeSent;
  return !current || current === row.popup.discountCode;
}

/**
 * The preference validateDiscountCode: checks that a popup's own code exists in the connected Shopify
 * store and records the answer on the popup, where the builder warns the merchant when it does not.
 * Without `popupId`, every popup of the store is checked; the answer is the first popup's.
 */
export async function checkStaticDiscountCode(storeId: string, popupId?: string): Promise<boolean | null> {
  const rows = await db()
    .select({ store: stores, popup: popupConfigs })
    .from(stores)
    .innerJoin(popupConfigs, eq(popupConfigs.storeId, stores.id))
    .where(and(eq(stores.id, storeId), popupId ? eq(popupConfigs.id, popupId) : undefined))
    .orderBy(asc(popupConfigs.createdAt), asc(popupConfigs.id));
  const answers: (boolean | null)[] = [];
  for (const row of rows) answers.push(await checkPopupCode(row.store, row.popup));
  return answers[0] ?? null;
}

async function checkPopupCode(
  store: typeof stores.$inferSelect,
  popup: typeof popupConfigs.$inferSelect,
): Promise<boolean | null> {
  const preferences = await preferencesOf(store.userId);
  const exists =
    preferences.validateDiscountCode && credentialsOf(store)
      ? (await withShopify(store, (credentials) => redeemCodeOf(credentials, popup.discountCode))) !== null
      : null;
  await db()
    .update(popupConfigs)
    .set({ discountCodeInShopify: exists, discountCodeCheckedAt: new Date() })
    .where(and(eq(popupConfigs.id, popup.id), eq(popupConfigs.discountCode, popup.discountCode)));
  if (exists === false)
    logger().warn(
      { storeId: store.id, popupId: popup.id, code: popup.discountCode },
      "the popup's discount code does not exist in Shopify",
    );
  return exists;
}
