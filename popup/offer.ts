/**
 * What a popup's code gives (docs/decisions/181): a percentage off, an amount off in the store's currency,
 * or free shipping, each from an optional minimum subtotal, and how its words fill a text. Shared by the
 * server, the builder and the storefront, which gets the words ready-made in the shopper's language
 * (app/lib/languages/offer-words.ts).
 */
export const offerKinds = ["percentage", "fixed-amount", "free-shipping"] as const;
export type OfferKind = (typeof offerKinds)[number];

/**
 * `percentage` counts for "percentage" offers, `amount` (in the store's currency) for "fixed-amount" ones;
 * `minimumSubtotal` (same currency) or null: any order.
 */
export type Offer = { kind: OfferKind; percentage: number; amount: number; minimumSubtotal: number | null };

/** A popup's offer as its columns hold it (popup_configs). */
export type OfferColumns = {
  offerKind: OfferKind;
  discountPercentage: number;
  discountAmount: number;
  minimumSubtotal: number | null;
};

export const offerOfColumns = (popup: OfferColumns): Offer => ({
  kind: popup.offerKind,
  percentage: popup.discountPercentage,
  amount: popup.discountAmount,
  minimumSubtotal: popup.minimumSubtotal,
});

/**
 * The offer as the storefront shows it: "€10" (what "[DISCOUNT_PERCENT]%" becomes), "€10 off" and
 * "€10 off your order of €50 or more".
 */
export type OfferWords = { figure: string; text: string; phrase: string };

/** Stands for the offer's words ("15% off", "€10 off", "free shipping") in popup and email texts. */
export const OFFER_PLACEHOLDER = "[OFFER]";
const OFFER_TAG = /\[\s*offer\s*\]/gi;
const DISCOUNT_PERCENT = /\[\s*discount_percent\s*\]/gi;
const DISCOUNT_PERCENT_SIGN = /\[\s*discount_percent\s*\]\s?%/gi;

/**
 * `text` with the offer filled in: "[DISCOUNT_PERCENT]%" (or "… %") by its figure (so "your [DISCOUNT_PERCENT]%
 * discount" reads "your €10 discount" or "your free shipping discount"), any other [DISCOUNT_PERCENT] by the
 * percentage, [OFFER] by its words. All safe in HTML: figures, a currency sign and words.
 */
export function fillOffer(text: string, percentage: number, words: OfferWords | undefined): string {
  const figure = String(Math.trunc(Number(percentage) || 0));
  return text
    .replace(DISCOUNT_PERCENT_SIGN, () => words?.figure ?? `${figure}%`)
    .replace(DISCOUNT_PERCENT, () => figure)
    .replace(OFFER_TAG, () => words?.text ?? `${figure}% off`);
}

/**
 * Shopify's link that puts a code in the shopper's cart and then opens `redirect` (a path on the shop):
 * `https://shop.example/discount/CODE?redirect=/collections/all`. `shop` is the shop's origin, or "" for a
 * link on the storefront itself.
 */
export function autoApplyUrl(shop: string, code: string, redirect = "/"): string {
  const path = redirect.startsWith("/") && !redirect.startsWith("//") ? redirect : "/";
  return `${shop.replace(/\/+$/, "")}/discount/${encodeURIComponent(code)}?redirect=${encodeURIComponent(path)}`;
}
