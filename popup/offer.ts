/**
 * What a popup's code gives (docs/decisions/181): a percentage off, an amount off in the store's currency,
 * or free shipping, each from an optional minimum subtotal; and the words the popup and the emails say it
 * with. Shared by the server, the builder and the storefront (which gets the words ready-made).
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

/** The offer as the storefront shows it: "€10 off" and "€10 off your order of €50 or more". */
export type OfferWords = { text: string; phrase: string };

/** Stands for the offer's words ("15% off", "€10 off", "free shipping") in popup and email texts. */
export const OFFER_PLACEHOLDER = "[OFFER]";
const OFFER_TAG = /\[\s*offer\s*\]/gi;
const DISCOUNT_PERCENT = /\[\s*discount_percent\s*\]/gi;

/** A money amount as shoppers read it: "€10", "$12.50" (cents only when there are some). */
export function formatAmount(amount: number, currency: string): string {
  const whole = Number.isInteger(amount);
  try {
    return new Intl.NumberFormat("en", {
      style: "currency",
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${amount.toFixed(whole ? 0 : 2)} ${currency}`;
  }
}

/** "15% off", "€10 off", "free shipping". */
export function offerText(offer: Offer, currency: string): string {
  if (offer.kind === "free-shipping") return "free shipping";
  if (offer.kind === "fixed-amount") return `${formatAmount(offer.amount, currency)} off`;
  return `${Math.trunc(offer.percentage)}% off`;
}

/** "15% off your order", "free shipping on your order of €50 or more". */
export function offerPhrase(offer: Offer, currency: string): string {
  const order = offer.kind === "free-shipping" ? "on your order" : "your order";
  const minimum = offer.minimumSubtotal ? ` of ${formatAmount(offer.minimumSubtotal, currency)} or more` : "";
  return `${offerText(offer, currency)} ${order}${minimum}`;
}

/** The words of an offer as the storefront gets them. */
export const offerWords = (offer: Offer, currency: string): OfferWords => ({
  text: offerText(offer, currency),
  phrase: offerPhrase(offer, currency),
});

/** "Your 15% discount code", "Your €10 discount code", "Your free shipping code": above the code in emails. */
export function codeLabelOf(offer: Offer, currency: string): string {
  if (offer.kind === "free-shipping") return "Your free shipping code";
  const figure =
    offer.kind === "fixed-amount" ? formatAmount(offer.amount, currency) : `${offer.percentage}%`;
  return `Your ${figure} discount code`;
}

/**
 * `text` with [OFFER] replaced by the offer's words and [DISCOUNT_PERCENT] by the percentage (0 for an
 * offer that has none). Both are safe in HTML: figures, a currency sign and words.
 */
export function fillOffer(text: string, percentage: number, words: OfferWords | undefined): string {
  const figure = String(Math.trunc(Number(percentage) || 0));
  return text
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
