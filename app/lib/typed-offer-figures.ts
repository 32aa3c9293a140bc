import type { Offer } from "../../popup/offer";

/** A percentage typed into a text: "15%", "15 %", "12.5%". */
const PERCENT = /(\d+(?:[.,]\d+)?)\s?%/g;
/** An amount typed with its currency's sign or a common code: "$10", "10 €", "€12,50", "10 EUR". */
const AMOUNT =
  /[$€£¥]\s?(\d+(?:[.,]\d{1,2})?)|(\d+(?:[.,]\d{1,2})?)\s?(?:[$€£¥]|(?:USD|EUR|GBP|CAD|AUD|CHF)\b)/g;

const numberOf = (figure: string) => Number(figure.replace(",", "."));

/**
 * The first figure a merchant typed into a text that is not what the code gives (docs/decisions/210): a
 * percentage other than the offer's (any, when the offer is an amount or free shipping), or for an amount
 * off an amount that is neither the offer's nor its minimum. Null when the text names none: [OFFER] and
 * "[DISCOUNT_PERCENT]%" are filled with the offer, so they always agree. The builder warns; the text stays.
 */
export function typedOfferFigure(text: string, offer: Offer): string | null {
  for (const [typed, figure = ""] of text.matchAll(PERCENT)) {
    if (offer.kind !== "percentage" || numberOf(figure) !== offer.percentage) return typed;
  }
  if (offer.kind !== "fixed-amount") return null;
  for (const [typed, before, after] of text.matchAll(AMOUNT)) {
    const amount = numberOf(before ?? after ?? "");
    if (amount !== offer.amount && amount !== offer.minimumSubtotal) return typed.trim();
  }
  return null;
}
