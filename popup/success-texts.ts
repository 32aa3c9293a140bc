/**
 * What the success view says (popup/success.ts) in English, when the shopper's language has no other words
 * for it: shipped in the success feature file only, so that a page view that never subscribes does not load
 * them. Part of the popup's built-in texts (popup/texts.ts). [DISCOUNT_PERCENT] stands for the offer's
 * percentage.
 */
export const SUCCESS_ENGLISH = {
  thanks: "Thank you for subscribing!",
  useCode: "Use this code at checkout to get [DISCOUNT_PERCENT]% off your order.",
  discountCode: "Discount code",
  copy: "Copy",
  copied: "Copied",
  copiedNotice: "Copied!",
  copyFailed: "Copy failed: Please copy the discount code manually",
  followUs: "Follow us",
  continueShopping: "Continue Shopping",
  applyToCart: "Apply it to my cart",
  youWon: "You won",
  noPrize: "No prize this time",
} as const;

export type SuccessTextKey = keyof typeof SUCCESS_ENGLISH;
