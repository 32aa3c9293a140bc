import { describe, expect, it } from "vitest";
import { codeLabelOf, offerPhrase, offerText, offerWords } from "~/lib/languages/offer-words";
import { defaultEmailTemplate } from "~/lib/schemas/email-template";
import { offerFields, prizeWheel } from "~/lib/schemas/offers";
import { updatePopupSchema } from "~/lib/schemas/popups";
import { typedOfferFigure } from "~/lib/typed-offer-figures";
import { type RenderVariables, textParagraphs, withPlaceholders } from "~/services/email/merge-tags.server";
import { renderWelcomeEmail } from "~/services/email/render.server";
import { autoApplyUrl, fillOffer, type Offer } from "../../popup/offer";
import { defaultPrizeWheel, sliceChances } from "../../popup/prize-wheel";

const percentage: Offer = { kind: "percentage", percentage: 15, amount: 0, minimumSubtotal: null };
const tenOff: Offer = { kind: "fixed-amount", percentage: 0, amount: 10, minimumSubtotal: null };
const shipping: Offer = { kind: "free-shipping", percentage: 0, amount: 0, minimumSubtotal: 50 };

describe("what an offer is called", () => {
  it("says a percentage, an amount in the store's currency, or free shipping", () => {
    expect(offerText(percentage, "EUR", "en")).toBe("15% off");
    expect(offerText(tenOff, "EUR", "en")).toBe("€10 off");
    expect(offerText({ ...tenOff, amount: 12.5 }, "USD", "en")).toBe("$12.50 off");
    expect(offerText(tenOff, "GBP", "en")).toBe("£10 off");
    expect(offerText(shipping, "EUR", "en")).toBe("free shipping");
  });

  it("names the order and its minimum subtotal in the success view's phrase", () => {
    expect(offerPhrase(percentage, "EUR", "en")).toBe("15% off your order");
    expect(offerPhrase({ ...tenOff, minimumSubtotal: 40 }, "EUR", "en")).toBe(
      "€10 off your order of €40 or more",
    );
    expect(offerPhrase(shipping, "USD", "en")).toBe("free shipping on your order of $50 or more");
  });

  it("labels the code in emails", () => {
    expect(codeLabelOf(percentage, "EUR", "en")).toBe("Your 15% discount code");
    expect(codeLabelOf(tenOff, "EUR", "en")).toBe("Your €10 discount code");
    expect(codeLabelOf(shipping, "EUR", "en")).toBe("Your free shipping code");
  });

  it("fills [OFFER] and [DISCOUNT_PERCENT] in the popup's texts, so the default texts follow any offer", () => {
    const words = offerWords(tenOff, "EUR", "en");
    expect(fillOffer("Get [OFFER] now, [ discount_percent ]% code", 0, words)).toBe(
      "Get €10 off now, €10 code",
    );
    expect(fillOffer("your [DISCOUNT_PERCENT]% discount", 0, offerWords(shipping, "EUR", "en"))).toBe(
      "your free shipping discount",
    );
    expect(fillOffer("[DISCOUNT_PERCENT] percent", 0, words)).toBe("0 percent");
    expect(fillOffer("Save [DISCOUNT_PERCENT]% – [offer]", 15, offerWords(percentage, "USD", "en"))).toBe(
      "Save 15% – 15% off",
    );
  });

  it("links Shopify's auto-apply URL with the code and a path on the shop to go on to", () => {
    expect(autoApplyUrl("https://acme.myshopify.com/", "SHIP 5/A", "/collections/all")).toBe(
      "https://acme.myshopify.com/discount/SHIP%205%2FA?redirect=%2Fcollections%2Fall",
    );
    expect(autoApplyUrl("", "FREESHIP", "//evil.example")).toBe("/discount/FREESHIP?redirect=%2F");
  });
});

describe("offer validation (popup PUT/PATCH)", () => {
  const refusal = (body: unknown) => {
    const parsed = updatePopupSchema.safeParse(body);
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };

  it("takes each offer type with a minimum subtotal, an empty minimum meaning any order", () => {
    expect(
      updatePopupSchema.parse({ offerKind: "fixed-amount", discountAmount: 9.999, minimumSubtotal: 0 }),
    ).toEqual({ offerKind: "fixed-amount", discountAmount: 10, minimumSubtotal: null });
    expect(offerFields.offerKind.parse("free-shipping")).toBe("free-shipping");
  });

  it("refuses what Shopify could not make, with messages that say what to fix", () => {
    expect(refusal({ offerKind: "bogo" })).toBe(
      "Offer type must be percentage, fixed-amount or free-shipping",
    );
    expect(refusal({ discountAmount: 0 })).toBe(
      "Discount amount must be more than 0 (in the store's currency)",
    );
    expect(refusal({ minimumSubtotal: -1 })).toBe("Minimum subtotal must be at least 0 (empty: any order)");
    expect(refusal({ discountPercentage: 101 })).toBe("Discount percentage must be between 1 and 100");
  });

  it("takes a wheel of 3 to 8 slices, each with a prize that has its code and figure, or none", () => {
    expect(prizeWheel.parse(defaultPrizeWheel)).toEqual(defaultPrizeWheel);
    const [first, second] = defaultPrizeWheel.slices;
    const slice = (changes: object) => ({ ...first, ...changes });
    expect(refusal({ wheel: { slices: [first, second] } })).toBe("A prize wheel has 3 to 8 slices");
    expect(refusal({ wheel: { slices: Array(9).fill(first) } })).toBe("A prize wheel has 3 to 8 slices");
    expect(refusal({ wheel: { slices: [first, first, slice({ weight: -1 })] } })).toBe(
      "Slice weights are whole numbers from 0 to 1000",
    );
    expect(refusal({ wheel: { slices: Array(3).fill(slice({ weight: 0 })) } })).toBe(
      "At least one slice needs a weight above 0",
    );
    expect(
      refusal({ wheel: { slices: [first, first, slice({ prize: { kind: "fixed-amount", code: "X" } })] } }),
    ).toBe("Discount amount must be more than 0 (in the store's currency)");
    expect(
      refusal({ wheel: { slices: [first, first, slice({ prize: { kind: "free-shipping", code: "" } })] } }),
    ).toBe("Each prize needs its discount code");
    expect(updatePopupSchema.parse({ wheel: null })).toEqual({ wheel: null });
  });

  it("shows the merchant each slice's chance", () => {
    expect(sliceChances(defaultPrizeWheel.slices)).toEqual([40, 20, 30, 10]);
    expect(sliceChances([{ weight: 1 }, { weight: 2 }, { weight: 0 }])).toEqual([33.3, 66.7, 0]);
  });
});

describe("the welcome email follows the offer", () => {
  const vars: RenderVariables = {
    firstName: "Jane",
    discountCode: "SHIP-7KQ2M9",
    discountPercentage: 15,
    offer: shipping,
    currency: "EUR",
    autoApplyShop: "https://acme.myshopify.com",
    storeName: "Acme",
    storeUrl: "https://acme.example",
    unsubscribeUrl: "https://app.example/u/tok",
  };

  it("links [DISCOUNT_LINK] to Shopify's auto-apply URL with the subscriber's code", () => {
    expect(withPlaceholders("[OFFER]: [DISCOUNT_LINK]", vars)).toBe(
      "free shipping: https://acme.myshopify.com/discount/SHIP-7KQ2M9?redirect=%2F",
    );
    expect(textParagraphs("Apply it: [discount_link]", vars)).toEqual([
      [{ text: "Apply it: " }, { url: "https://acme.myshopify.com/discount/SHIP-7KQ2M9?redirect=%2F" }],
    ]);
    expect(withPlaceholders("[DISCOUNT_LINK]", { ...vars, autoApplyShop: null })).toBe(
      "https://acme.example",
    );
  });

  it("labels the code with the offer, and shows no code box for a wheel's no-prize subscriber", () => {
    const email = renderWelcomeEmail(defaultEmailTemplate, vars);
    expect(email.subject).toBe("Thank you for subscribing! Here is your free shipping discount");
    expect(email.html).toContain("Your free shipping code");
    expect(email.text).toContain("Your free shipping code: SHIP-7KQ2M9");
    const noPrize = renderWelcomeEmail(defaultEmailTemplate, { ...vars, discountCode: "" });
    expect(noPrize.html).not.toContain("Your free shipping code");
    expect(noPrize.text).not.toContain("Your free shipping code");
  });
});

describe("a figure typed into a popup's text that the code does not give (the builder warns)", () => {
  const percent: Offer = { kind: "percentage", percentage: 15, amount: 0, minimumSubtotal: null };
  const tenOff: Offer = { kind: "fixed-amount", percentage: 0, amount: 10, minimumSubtotal: 50 };

  it("finds a percentage other than the offer's, or any when the offer is an amount or free shipping", () => {
    expect(typedOfferFigure("Want 15% off your first order?", percent)).toBeNull();
    expect(typedOfferFigure("Want 20 % off?", percent)).toBe("20 %");
    expect(typedOfferFigure("Want 15% off your first order?", tenOff)).toBe("15%");
    expect(typedOfferFigure("Free shipping and 10% off", { ...tenOff, kind: "free-shipping" })).toBe("10%");
  });

  it("finds an amount off other than the offer's and its minimum", () => {
    expect(typedOfferFigure("$10 off orders over $50", tenOff)).toBeNull();
    expect(typedOfferFigure("10 € Rabatt", tenOff)).toBeNull();
    expect(typedOfferFigure("Get $15 off", tenOff)).toBe("$15");
    expect(typedOfferFigure("Spare 12,50 EUR", tenOff)).toBe("12,50 EUR");
    expect(typedOfferFigure("OUR TOP 5 NEW PICKS", tenOff)).toBeNull();
  });

  it("reads the merge tags as the offer's, never as typed figures", () => {
    expect(typedOfferFigure("Get [OFFER] or [DISCOUNT_PERCENT]% off", tenOff)).toBeNull();
  });
});
