import { and, asc, eq, isNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { popupConfigs, stores, subscribers } from "~/db/schema";
import { logger } from "~/server/logger.server";
import { preferencesOf } from "~/services/access/preferences.server";
import { popupOfRow } from "~/services/popups/row-popup.server";
import { offerOfColumns } from "../../../popup/offer";
import { prizeSlices } from "../../../popup/prize-wheel";
import { redeemCodeOf, type ShopifyCredentials } from "./admin-api.server";
import { credentialsOf, withShopify } from "./connection.server";
import {
  addCodesToOffer,
  confirmCodes,
  isOfferCode,
  type OfferSource,
  uniqueCodeFrom,
} from "./offer-discounts.server";

type SubscriberRow = Awaited<ReturnType<typeof subscriberWithOffer>>[number];
type SubscriberWithOffer = SubscriberRow & { source: OfferSource };

/** A subscriber with their store and the popup whose offer they took. */
const subscriberWithOffer = (subscriberId: string) =>
  db()
    .select({ subscriber: subscribers, store: stores, popup: popupConfigs })
    .from(subscribers)
    .innerJoin(stores, eq(stores.id, subscribers.storeId))
    .innerJoin(popupConfigs, popupOfRow(subscribers.storeId, subscribers.popupId))
    .where(eq(subscribers.id, subscriberId));

/** A popup's own offer, as the one Shopify discount its subscribers' codes join. */
export function popupOffer(
  popup: typeof popupConfigs.$inferSelect,
  store: Pick<typeof stores.$inferSelect, "currency">,
): OfferSource {
  return {
    id: popup.id,
    name: popup.name,
    discountCode: popup.discountCode,
    offer: offerOfColumns(popup),
    currency: store.currency,
    codeValidDays: popup.codeValidDays,
    codeUsageLimit: popup.codeUsageLimit,
  };
}

/**
 * The offer a subscriber took: the prize of the wheel slice drawn for them (docs/decisions/182), else their
 * popup's offer; null for a wheel's "no prize" slice (no code at all).
 */
function offerSourceOf({ subscriber, store, popup }: SubscriberRow): OfferSource | null {
  const own = popupOffer(popup, store);
  const draw = subscriber.wheelDraw;
  if (!draw) return own;
  if (!draw.prize) return null;
  const { code, ...offer } = draw.prize;
  return { ...own, discountCode: code, offer };
}

/** The subscriber with the offer they took, when they took one and their store is connected. */
async function connectedOffer(subscriberId: string): Promise<SubscriberWithOffer | null> {
  const [row] = await subscriberWithOffer(subscriberId);
  const source = row && credentialsOf(row.store) ? offerSourceOf(row) : null;
  return row && source ? { ...row, source } : null;
}

/**
 * Gives a subscriber of a Shopify-connected store their own code, a redeem code of their popup offer's one
 * Shopify discount (offer-discounts.server.ts), once Shopify reports it added (docs/decisions/162). The code
 * is minted once and kept as pending, so a retry (the code job after the subscription stopped waiting)
 * confirms that same code, never adds a second. Resolves with the code the subscriber gets: their own, or
 * the popup's when Shopify refused theirs (the refusal is logged and kept); null when the store is not
 * connected. Fails, for a retry, while Shopify has not finished.
 */
export async function issueUniqueCode(subscriberId: string): Promise<string | null> {
  const row = await connectedOffer(subscriberId);
  if (!row) return null;
  const { subscriber, source } = row;
  const current = subscriber.discountCodeSent;
  if (current && current !== source.discountCode) return current;
  if (subscriber.discountCodeError) return source.discountCode;
  const minted = subscriber.pendingDiscountCode === null;
  const code = subscriber.pendingDiscountCode ?? (await pendingCodeOf(subscriberId, source.discountCode));
  const refusal = await withShopify(row.store, (credentials) =>
    addAndConfirm(credentials, row, code, minted),
  );
  const stillPending = and(eq(subscribers.id, subscriberId), eq(subscribers.pendingDiscountCode, code));
  const settled = { pendingDiscountCode: null, pendingCodeCreationId: null };
  if (refusal) {
    await db()
      .update(subscribers)
      .set({ ...settled, discountCodeError: refusal })
      .where(stillPending);
    logger().warn(
      { subscriberId, storeId: row.store.id, code, reason: refusal },
      "Shopify refused the subscriber's discount code; the popup's code is used",
    );
    return source.discountCode;
  }
  await db()
    .update(subscribers)
    .set({ ...settled, discountCodeSent: code })
    .where(and(stillPending, eq(subscribers.discountCodeSent, current ?? source.discountCode)));
  return code;
}

/** The subscriber's pending code: minted now unless an earlier attempt already did. */
async function pendingCodeOf(subscriberId: string, popupCode: string): Promise<string> {
  const [minted] = await db()
    .update(subscribers)
    .set({ pendingDiscountCode: uniqueCodeFrom(popupCode) })
    .where(and(eq(subscribers.id, subscriberId), isNull(subscribers.pendingDiscountCode)))
    .returning({ code: subscribers.pendingDiscountCode });
  if (minted?.code) return minted.code;
  const [earlier] = await db()
    .select({ code: subscribers.pendingDiscountCode })
    .from(subscribers)
    .where(eq(subscribers.id, subscriberId));
  if (!earlier?.code) throw new Error(`subscriber ${subscriberId} has no pending code`);
  return earlier.code;
}

/**
 * Adds the pending code to the offer's discount unless an earlier attempt did (its bulk creation is read
 * again), and waits for Shopify's word. Resolves with null once the code is in Shopify, or with Shopify's
 * reason for refusing it. A code refused as already taken by a concurrent attempt's creation is in Shopify.
 */
async function addAndConfirm(
  credentials: ShopifyCredentials,
  { subscriber, source }: SubscriberWithOffer,
  code: string,
  minted: boolean,
): Promise<string | null> {
  const inShopify = () => isOfferCode(credentials, source, code);
  let creationId = minted ? null : subscriber.pendingCodeCreationId;
  if (!creationId) {
    if (!minted && (await inShopify())) return null;
    [creationId = ""] = await addCodesToOffer(credentials, source, [code]);
    await db()
      .update(subscribers)
      .set({ pendingCodeCreationId: creationId })
      .where(
        and(
          eq(subscribers.id, subscriber.id),
          eq(subscribers.pendingDiscountCode, code),
          isNull(subscribers.pendingCodeCreationId),
        ),
      );
  }
  const [outcome] = await confirmCodes(credentials, [creationId]);
  if (outcome?.added || (await inShopify())) return null;
  return outcome?.errors.join("; ") || "Shopify did not add the code";
}

/** Whether a connected store's subscriber still waits for their own code (not refused by Shopify). */
export async function awaitsUniqueCode(subscriberId: string): Promise<boolean> {
  const row = await connectedOffer(subscriberId);
  if (!row) return false;
  const current = row.subscriber.discountCodeSent;
  return (!current || current === row.source.discountCode) && !row.subscriber.discountCodeError;
}

/**
 * The preference validateDiscountCode: checks that a popup's own code, and each prize code of its wheel, exists
 * in the connected Shopify store and records the answers on the popup, where the builder warns the merchant
 * of each code that does not (the slice's, by name). Without `popupId`, every popup of the store is checked;
 * the answer is the first popup's own code's.
 */
export async function checkStaticDiscountCode(storeId: string, popupId?: string): Promise<boolean | null> {
  const rows = await db()
    .select({ store: stores, popup: popupConfigs })
    .from(stores)
    .innerJoin(popupConfigs, eq(popupConfigs.storeId, stores.id))
    .where(and(eq(stores.id, storeId), popupId ? eq(popupConfigs.id, popupId) : undefined))
    .orderBy(asc(popupConfigs.createdAt), asc(popupConfigs.id));
  const answers: (boolean | null)[] = [];
  for (const row of rows) answers.push(await checkPopupCodes(row.store, row.popup));
  return answers[0] ?? null;
}

async function checkPopupCodes(
  store: typeof stores.$inferSelect,
  popup: typeof popupConfigs.$inferSelect,
): Promise<boolean | null> {
  const preferences = await preferencesOf(store.userId);
  if (!preferences.validateDiscountCode || !credentialsOf(store)) {
    await recordAnswers(popup, null, null);
    return null;
  }
  const inShopify = async (code: string) =>
    (await withShopify(store, (credentials) => redeemCodeOf(credentials, code))) !== null;
  const exists = await inShopify(popup.discountCode);
  const slices = prizeSlices(popup.wheel);
  const missing: string[] = [];
  for (const code of new Set(slices.map((slice) => slice.code)))
    if (!(await inShopify(code))) missing.push(code);
  await recordAnswers(popup, exists, popup.wheel ? missing : null);
  if (!exists)
    logger().warn(
      { storeId: store.id, popupId: popup.id, code: popup.discountCode },
      "the popup's discount code does not exist in Shopify",
    );
  for (const slice of slices.filter(({ code }) => missing.includes(code)))
    logger().warn(
      { storeId: store.id, popupId: popup.id, ...slice },
      "a prize wheel slice's discount code does not exist in Shopify",
    );
  return exists;
}

/**
 * The answers, null when nothing was checked. The popup's own code's is kept only if the merchant did not change
 * the code meanwhile; the wheel's missing codes are read against the slices' current codes (a changed code is
 * checked again).
 */
async function recordAnswers(
  popup: typeof popupConfigs.$inferSelect,
  exists: boolean | null,
  wheelCodesNotInShopify: string[] | null,
) {
  await db().update(popupConfigs).set({ wheelCodesNotInShopify }).where(eq(popupConfigs.id, popup.id));
  await db()
    .update(popupConfigs)
    .set({ discountCodeInShopify: exists, discountCodeCheckedAt: new Date() })
    .where(and(eq(popupConfigs.id, popup.id), eq(popupConfigs.discountCode, popup.discountCode)));
}
