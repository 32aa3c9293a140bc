import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { offerDiscounts } from "~/db/schema";
import { offerText } from "~/lib/languages/offer-words";
import { notFound, unavailable } from "~/server/domain-errors.server";
import { pause } from "~/server/pause.server";
import type { Offer } from "../../../popup/offer";
import {
  addRedeemCodes,
  createOfferDiscount,
  deleteCodeDiscount,
  deleteRedeemCodes,
  extendOfferDiscount,
  type RedeemCodeCreation,
  redeemCodeCreation,
  redeemCodeOf,
  type ShopifyCredentials,
} from "./admin-api.server";

/**
 * One offer of a popup as one Shopify discount: the popup's own offer, or a wheel slice's prize
 * (discount-codes.server.ts). `discountCode` is the code the subscribers' codes are made from.
 */
export type OfferSource = {
  id: string;
  name: string;
  discountCode: string;
  offer: Offer;
  currency: string;
  codeValidDays: number;
  codeUsageLimit: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Letters and digits that cannot be misread (no 0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A unique code that still reads like the popup's: WELCOME15 → WELCOME15-7KQ2M9. */
export function uniqueCodeFrom(staticCode: string, length = 6): string {
  const suffix = Array.from({ length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
  return `${staticCode}-${suffix}`;
}

/** The discount's first code is given to no one: long enough that no one guesses it either. */
const ANCHOR_CODE_LENGTH = 16;

/** What the discount gives, as its key says it: "15%", "10.00off", "shipping". */
function valueKey(offer: Offer): string {
  if (offer.kind === "free-shipping") return "shipping";
  if (offer.kind === "fixed-amount") return `${offer.amount.toFixed(2)}off`;
  return `${offer.percentage}%`;
}

/**
 * What makes two discounts differ: a popup whose offer changes gets a new discount, old codes keep theirs.
 * "15%|30d|1" as before offers had kinds, "10.00off|30d|1|min50.00" with a minimum.
 */
export function offerOf(popup: OfferSource): string {
  const minimum = popup.offer.minimumSubtotal ? [`min${popup.offer.minimumSubtotal.toFixed(2)}`] : [];
  return [valueKey(popup.offer), `${popup.codeValidDays}d`, `${popup.codeUsageLimit}`, ...minimum].join("|");
}

/** The discount's title in the merchant's Discounts list: the popup and the offer, never a subscriber. */
export function offerTitle(popup: OfferSource): string {
  const words =
    popup.offer.kind === "percentage"
      ? `${popup.offer.percentage}%`
      : offerText(popup.offer, popup.currency, "en");
  return `Newsletter popup – ${popup.name} – ${words}`;
}

/**
 * Asks Shopify to add subscribers' codes to their popup offer's one Shopify discount, creating the discount
 * first when the offer has none yet. Resolves with Shopify's bulk creations: no code may be given out before
 * confirmCodes reports it added.
 */
export async function addCodesToOffer(
  credentials: ShopifyCredentials,
  popup: OfferSource,
  codes: string[],
): Promise<string[]> {
  const discountId = await offerDiscountOf(credentials, popup);
  return addRedeemCodes(credentials, discountId, codes);
}

/**
 * Whether a code is in Shopify as a redeem code of the popup offer's discount (not merely some discount's:
 * a merchant's own code can look alike).
 */
export async function isOfferCode(credentials: ShopifyCredentials, popup: OfferSource, code: string) {
  const found = await redeemCodeOf(credentials, code);
  if (!found?.redeemCodeId) return false;
  const [offerDiscount] = await db()
    .select({ id: offerDiscounts.shopifyDiscountId })
    .from(offerDiscounts)
    .where(and(eq(offerDiscounts.popupId, popup.id), eq(offerDiscounts.offer, offerOf(popup))));
  return offerDiscount?.id === found.discountId;
}

/**
 * The waits between reads of a bulk creation not done yet: about 3 s in all (Shopify adds a few codes in
 * well under that). Then the caller gives up for now, and the code job reads the same creation again later.
 */
const CREATION_READ_WAITS_MS = [100, 200, 400, 800, 1_600];

/**
 * What Shopify's bulk creations did with each code, once each is done: added, or refused with its errors.
 * Fails (for a retry) while a creation is still queued after the last wait.
 */
export async function confirmCodes(
  credentials: ShopifyCredentials,
  creationIds: string[],
): Promise<RedeemCodeCreation["codes"]> {
  const outcomes: RedeemCodeCreation["codes"] = [];
  for (const creationId of creationIds) {
    let creation = await redeemCodeCreation(credentials, creationId);
    for (const waitMs of CREATION_READ_WAITS_MS) {
      if (creation.done) break;
      await pause(waitMs);
      creation = await redeemCodeCreation(credentials, creationId);
    }
    if (!creation.done) throw unavailable("Shopify has not finished adding the discount codes yet");
    outcomes.push(...creation.codes);
  }
  return outcomes;
}

/**
 * The offer's discount id. Creating it is idempotent: the offer's row (with its anchor code) is committed
 * before Shopify is asked, and the creation runs under a lock on that row's key, so a concurrent subscribe
 * waits and finds the id; a creation cut off after Shopify made the discount is found again by the anchor
 * code. The discount ends a day after `codeValidDays` from now, moved on as codes are added, so every code
 * is valid at least that long.
 */
async function offerDiscountOf(credentials: ShopifyCredentials, popup: OfferSource): Promise<string> {
  const offer = offerOf(popup);
  await db()
    .insert(offerDiscounts)
    .values({ popupId: popup.id, offer, anchorCode: uniqueCodeFrom(popup.discountCode, ANCHOR_CODE_LENGTH) })
    .onConflictDoNothing();
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`offer-discount:${popup.id}:${offer}`}))`);
    const [row] = await tx
      .select()
      .from(offerDiscounts)
      .where(and(eq(offerDiscounts.popupId, popup.id), eq(offerDiscounts.offer, offer)));
    if (!row) throw notFound("Popup not found");
    const validUntil = Date.now() + popup.codeValidDays * DAY_MS;
    const endsAt = new Date(validUntil + DAY_MS);
    let discountId = row.shopifyDiscountId;
    let currentEnd = row.endsAt;
    if (!discountId) {
      discountId = (await redeemCodeOf(credentials, row.anchorCode))?.discountId ?? null;
      currentEnd = null;
    }
    if (!discountId) {
      discountId = await createOfferDiscount(credentials, {
        code: row.anchorCode,
        title: offerTitle(popup),
        offer: popup.offer,
        usageLimit: popup.codeUsageLimit,
        endsAt,
      });
      currentEnd = endsAt;
    } else if (!currentEnd || currentEnd.getTime() < validUntil) {
      await extendOfferDiscount(credentials, discountId, endsAt, popup.offer.kind);
      currentEnd = endsAt;
    }
    if (discountId !== row.shopifyDiscountId || currentEnd !== row.endsAt)
      await tx
        .update(offerDiscounts)
        .set({ shopifyDiscountId: discountId, endsAt: currentEnd })
        .where(eq(offerDiscounts.id, row.id));
    return discountId;
  });
}

/**
 * Removes a subscriber's codes from Shopify (customers/redact): a code of an offer discount leaves that
 * discount; a code made before offer discounts was a discount of its own titled with the subscriber's email,
 * and that discount goes. Anything else (a code Shopify does not know, the merchant's own discount) stays.
 */
export async function removeCodesFromShopify(
  credentials: ShopifyCredentials,
  subscriber: { email: string; codes: string[] },
): Promise<void> {
  for (const code of subscriber.codes) {
    const found = await redeemCodeOf(credentials, code);
    if (!found) continue;
    const [offerDiscount] = await db()
      .select({ id: offerDiscounts.id })
      .from(offerDiscounts)
      .where(eq(offerDiscounts.shopifyDiscountId, found.discountId));
    if (offerDiscount && found.redeemCodeId)
      await deleteRedeemCodes(credentials, found.discountId, [found.redeemCodeId]);
    else if (!offerDiscount && found.title.toLowerCase().includes(subscriber.email.toLowerCase()))
      await deleteCodeDiscount(credentials, found.discountId);
  }
}
