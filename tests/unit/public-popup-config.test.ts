import { describe, expect, it } from "vitest";
import { privacyPolicyUrlOf } from "~/lib/privacy-policy";
import { popupImagePath, toPublicConfig, toPublicVariant } from "~/lib/public-popup-config";
import {
  defaultCartValidation,
  defaultEmailValidation,
  defaultPopupDesign,
  defaultPopupFields,
  defaultPopupLayout,
} from "../../popup/config";
import { inLanguage } from "../../popup/languages";
import { defaultPrizeWheel } from "../../popup/prize-wheel";
import { extraFieldsHtml, openerHtml } from "../../popup/step-views";
import { defaultPopupSteps } from "../../popup/steps";
import { defaultPopupLanguages } from "../../popup/texts";

const stored = {
  storeId: "store-1",
  id: "popup-1",
  title: 'Hi <img src=x onerror="alert(1)"><strong>there</strong>',
  subtitle: "<script>alert(1)</script>Save <mark>15%</mark>",
  buttonText: "JOIN",
  consentText: "By signing up you agree to receive marketing emails from [STORE_NAME].",
  fields: defaultPopupFields,
  emailValidation: defaultEmailValidation,
  cartValidation: defaultCartValidation,
  discountPercentage: 15,
  offerKind: "percentage" as const,
  discountAmount: 10,
  minimumSubtotal: null,
  wheel: null,
  displayTrigger: "immediate" as const,
  animation: "fade-in" as const,
  layout: defaultPopupLayout,
  showExitIntentIfNotSubscribed: false,
  suppressAfterSubscription: true,
  design: { ...defaultPopupDesign, imageId: "a8f1" },
  languages: defaultPopupLanguages,
  steps: defaultPopupSteps,
};

describe("what the storefront receives (the storefront renders it as is)", () => {
  it("sanitizes the popup's inline HTML on every answer, whatever was stored", () => {
    const config = toPublicConfig(stored, {
      socialLinks: { twitter: "https://x.com/acme", facebook: "" },
      name: "Acme",
      privacyPolicyUrl: null,
      currency: "EUR",
      isShopify: false,
    });
    expect(config.title).toBe('Hi &lt;img src=x onerror="alert(1)"&gt;<strong>there</strong>');
    expect(config.subtitle).toBe("Save <mark>15%</mark>");
    expect(config.socialLinks).toEqual({ twitter: "https://x.com/acme" });
    expect(config.design.imageUrl).toBe(popupImagePath("a8f1"));
    expect(config.design).not.toHaveProperty("imageId");
  });

  it("sanitizes a variant's title and subtitle and names its image by URL", () => {
    const variant = toPublicVariant(
      {
        id: "b1",
        name: "B",
        weight: 50,
        overrides: { title: "<b onclick=x>Bold</b>", subtitle: "<iframe>", design: { imageId: null } },
      },
      "Acme",
    );
    expect(variant).toEqual({
      id: "b1",
      weight: 50,
      title: "&lt;b onclick=x&gt;Bold",
      subtitle: "&lt;iframe&gt;",
      design: { imageUrl: null },
    });
  });

  it("fills the store's name into the consent sentence, the popup's and a variant's, and names the policy", () => {
    const config = toPublicConfig(stored, {
      socialLinks: {},
      name: "Acme & Co",
      privacyPolicyUrl: "https://acme.example/privacy",
      currency: "EUR",
      isShopify: false,
    });
    expect(config.consentText).toBe("By signing up you agree to receive marketing emails from Acme & Co.");
    expect(config.privacyPolicyUrl).toBe("https://acme.example/privacy");
    const variant = toPublicVariant(
      { id: "b1", name: "B", weight: 50, overrides: { consentText: "[STORE_NAME] mails you weekly." } },
      "Acme & Co",
    );
    expect(variant.consentText).toBe("Acme & Co mails you weekly.");
  });
});

describe("the privacy policy the consent sentence links to", () => {
  const store = {
    privacyPolicyUrl: null,
    integrationType: "shopify" as const,
    shopifyDomain: null,
    shopifyUrl: "https://acme.myshopify.com",
  };

  it("is the merchant's own setting first", () => {
    expect(privacyPolicyUrlOf({ ...store, privacyPolicyUrl: "https://acme.example/privacy" })).toBe(
      "https://acme.example/privacy",
    );
  });

  it("is a Shopify shop's own policy page otherwise, on the installed shop's domain when there is one", () => {
    expect(privacyPolicyUrlOf(store)).toBe("https://acme.myshopify.com/policies/privacy-policy");
    expect(privacyPolicyUrlOf({ ...store, shopifyDomain: "acme-2.myshopify.com" })).toBe(
      "https://acme-2.myshopify.com/policies/privacy-policy",
    );
  });

  it("is none for a website without the setting", () => {
    expect(
      privacyPolicyUrlOf({ ...store, integrationType: "typical", shopifyUrl: "https://acme.example" }),
    ).toBe(null);
  });
});

describe("a popup's offer and prize wheel as the storefront receives them", () => {
  const shop = { socialLinks: {}, name: "Acme", privacyPolicyUrl: null, currency: "EUR", isShopify: true };

  it("carries the offer's words in the store's currency and whether its codes apply themselves", () => {
    const config = toPublicConfig(
      { ...stored, offerKind: "fixed-amount", discountAmount: 10, minimumSubtotal: 50 },
      shop,
    );
    expect(config.offer).toEqual({
      figure: "€10",
      text: "€10 off",
      phrase: "€10 off your order of €50 or more",
    });
    expect(config.autoApply).toBe(true);
    expect(toPublicConfig(stored, { ...shop, isShopify: false }).autoApply).toBe(false);
  });

  it("names the code's offer in the opener's question and the teaser tab, in every language", () => {
    const config = toPublicConfig(
      {
        ...stored,
        offerKind: "fixed-amount",
        discountAmount: 10,
        minimumSubtotal: 50,
        steps: { ...defaultPopupSteps, opener: { ...defaultPopupSteps.opener, enabled: true } },
        design: { ...stored.design, teaser: { enabled: true, text: "Get [OFFER]" } },
        languages: [
          { code: "en", texts: {} },
          { code: "de", texts: { openerQuestion: "Lust auf [OFFER]?", teaserText: "Hol dir [OFFER]" } },
          { code: "fr", texts: {} },
        ],
      },
      { ...shop, currency: "USD" },
    );
    const question = (code: string) =>
      openerHtml(inLanguage(config, code)).replace(/<style>.*?<\/style>/, "");
    expect(question("en")).toContain(">Want $10 off on your first order?</h2>");
    // A language without its own question reads the default language's, with the same offer.
    expect(question("fr")).toContain(">Want $10 off on your first order?</h2>");
    expect(question("de")).toMatch(/>Lust auf 10\s\$\sRabatt\?<\/h2>/u);
    for (const code of ["en", "de", "fr"]) expect(question(code)).not.toMatch(/15|OFFER|DISCOUNT/);
    expect(config.design.teaser.text).toBe("Get $10 off");
    expect(inLanguage(config, "de").design.teaser.text).toMatch(/^Hol dir 10\s\$\sRabatt$/u);
  });

  it("reads an opener's question written with [DISCOUNT_PERCENT]% with the offer's figure", () => {
    const steps = {
      ...defaultPopupSteps,
      opener: { ...defaultPopupSteps.opener, enabled: true, question: "Want [DISCOUNT_PERCENT]% off?" },
    };
    const config = toPublicConfig({ ...stored, offerKind: "fixed-amount", discountAmount: 10, steps }, shop);
    expect(openerHtml(config)).toContain(">Want €10 off?</h2>");
  });

  it("carries a wheel's labels and colours only: no weight, no prize, no code", () => {
    const config = toPublicConfig({ ...stored, wheel: defaultPrizeWheel }, shop);
    expect(config.wheel).toEqual({
      slices: defaultPrizeWheel.slices.map(({ label, color }) => ({ label, color })),
    });
    const sent = JSON.stringify(config);
    for (const secret of ["SPIN10", "SPINSHIP", "SPIN20", "weight", "prize"])
      expect(sent).not.toContain(secret);
  });
});

describe("a popup's steps in the shopper's language", () => {
  const shop = { socialLinks: {}, name: "Acme", privacyPolicyUrl: null, currency: "EUR", isShopify: false };
  const steps = {
    opener: { ...defaultPopupSteps.opener, enabled: true },
    extraFields: {
      ...defaultPopupSteps.extraFields,
      enabled: true,
      fields: { firstName: true, birthday: true, phone: true },
    },
  };
  const config = toPublicConfig(
    {
      ...stored,
      steps,
      languages: [
        { code: "en", texts: {} },
        {
          code: "de",
          texts: {
            openerQuestion: "Lust auf [DISCOUNT_PERCENT]% Rabatt?",
            openerYes: "Ja, gern",
            openerNo: "Nein <danke>",
            extraFieldsTitle: "Erzähl uns mehr",
            extraFieldsButton: "Speichern",
            extraFieldsSkip: "Überspringen",
            phoneConsentText: "Ich möchte SMS von [STORE_NAME] erhalten.",
          },
        },
        { code: "fr", texts: {} },
      ],
    },
    shop,
  );
  const text = (html: string) => html.replace(/<style>.*?<\/style>/, "");

  it("asks the opener's question and answers in the chosen language, escaped", () => {
    const html = text(openerHtml(inLanguage(config, "de")));
    expect(html).toMatch(/Lust auf 15\s%\sRabatt\?/u);
    expect(html).toContain(">Ja, gern</button>");
    expect(html).toContain(">Nein &#60;danke&#62;</button>");
  });

  it("labels the extra fields and says the phone's consent line in the chosen language", () => {
    const html = text(extraFieldsHtml(inLanguage(config, "de")));
    for (const words of [
      "Erzähl uns mehr",
      ">Vorname</label>",
      ">Geburtstag (Tag / Monat)</label>",
      'aria-label="Tag"',
      'aria-label="Monat"',
      ">Telefon</label>",
      "Ich möchte SMS von Acme erhalten.",
      ">Speichern</button>",
      ">Überspringen</button>",
    ])
      expect(html).toContain(words);
    expect(html).not.toMatch(/First name|Birthday|Phone|Save|Skip/);
  });

  it("reads a language without its own step texts in the steps' own, with the app's labels for it", () => {
    const french = text(extraFieldsHtml(inLanguage(config, "fr")));
    expect(french).toContain(">Prénom</label>");
    expect(french).toContain(defaultPopupSteps.extraFields.title);
    const english = text(extraFieldsHtml(inLanguage(config, "en")));
    expect(english).toContain(">First name</label>");
    expect(english).toContain("I agree to receive text messages from Acme.");
    expect(text(openerHtml(inLanguage(config, "en")))).toContain("Want 15% off on your first order?");
  });
});
