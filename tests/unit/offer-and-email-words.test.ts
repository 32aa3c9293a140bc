import { describe, expect, it } from "vitest";
import { builtInTextsOf, SHIPPED_LANGUAGES } from "~/lib/languages/built-in-texts";
import { EMAIL_WORDS, emailWordsIn } from "~/lib/languages/email-words";
import {
  codeLabelOf,
  OFFER_PHRASES,
  offerConditions,
  offerPhrasesIn,
  offerText,
  offerWords,
  useCodeLine,
} from "~/lib/languages/offer-words";
import { toPublicLanguages } from "~/lib/languages/public-languages";
import { welcomeLanguageOf } from "~/lib/languages/welcome-template";
import { defaultCampaignContent } from "~/lib/schemas/campaign-content";
import { defaultEmailTemplate } from "~/lib/schemas/email-template";
import { withCampaignCode } from "~/services/campaigns/message.server";
import { renderCampaignEmail } from "~/services/campaigns/render.server";
import { confirmationEmail } from "~/services/email/confirmation.server";
import type { RenderVariables } from "~/services/email/merge-tags.server";
import { renderWelcomeEmail } from "~/services/email/render.server";
import { fillOffer, type Offer } from "../../popup/offer";

const percentage: Offer = { kind: "percentage", percentage: 15, amount: 0, minimumSubtotal: null };
const tenOff: Offer = { kind: "fixed-amount", percentage: 0, amount: 10, minimumSubtotal: 50 };
const shipping: Offer = { kind: "free-shipping", percentage: 0, amount: 0, minimumSubtotal: null };

/** Intl separates figures and signs with no-break spaces; the expectations below are written with plain ones. */
const plain = (text: string) => text.replace(/\s/g, " ");
const placeholdersOf = (text: string) => [...text.matchAll(/\{\w+\}/g)].map(([tag]) => tag).sort();

describe("every shipped language has every phrase of offers and emails", () => {
  it("ships the same languages as the built-in texts", () => {
    expect([...SHIPPED_LANGUAGES].sort()).toEqual(["de", "en", "es", "fr", "it", "nl", "pt", "pt-br"]);
    expect([...Object.keys(OFFER_PHRASES), "pt-br"].sort()).toEqual([...SHIPPED_LANGUAGES].sort());
    expect(Object.keys(EMAIL_WORDS).sort()).toEqual([...SHIPPED_LANGUAGES].sort());
  });

  it.each(SHIPPED_LANGUAGES)("%s has every key, each with the English's placeholders", (code) => {
    const english = { ...offerPhrasesIn("en"), ...emailWordsIn("en") };
    const words: Record<string, string> = { ...offerPhrasesIn(code), ...emailWordsIn(code) };
    expect(Object.keys(words).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      expect(words[key]?.trim(), `${code}.${key}`).toBeTruthy();
      expect(placeholdersOf(words[key] ?? ""), `${code}.${key}`).toEqual(placeholdersOf(text));
    }
  });

  it("says a percentage offer's line as the built-in 'Use this code' text does, in each language", () => {
    for (const code of SHIPPED_LANGUAGES) {
      const builtIn = builtInTextsOf(code)?.useCode ?? "";
      const words = offerWords(percentage, "EUR", code);
      expect(plain(useCodeLine(percentage, "EUR", code)), code).toBe(plain(fillOffer(builtIn, 15, words)));
    }
  });
});

describe("an offer in the shopper's language", () => {
  it("formats amounts and percentages with the language's Intl rules", () => {
    expect(plain(offerText(tenOff, "EUR", "de"))).toBe("10 € Rabatt");
    expect(plain(offerText({ ...tenOff, amount: 12.5 }, "USD", "de"))).toBe("12,50 $ Rabatt");
    expect(plain(offerText(percentage, "EUR", "de"))).toBe("15 % Rabatt");
    expect(plain(offerText(tenOff, "EUR", "nl"))).toBe("€ 10 korting");
    expect(plain(offerText(percentage, "EUR", "es"))).toBe("un 15 % de descuento");
    expect(offerText(tenOff, "EUR", "en")).toBe("€10 off");
  });

  it("says free shipping and the minimum order in each language", () => {
    const phrases = Object.fromEntries(
      SHIPPED_LANGUAGES.map((code) => [code, plain(useCodeLine(tenOff, "EUR", code))]),
    );
    expect(phrases).toEqual({
      en: "Use this code at checkout to get €10 off your order of €50 or more.",
      de: "Mit diesem Code erhältst du an der Kasse 10 € Rabatt auf deine Bestellung ab 50 €.",
      fr: "Utilisez ce code lors du paiement pour bénéficier de 10 € de réduction sur votre commande à partir de 50 €.",
      es: "Usa este código al pagar y obtén 10 € de descuento en tu pedido a partir de 50 €.",
      it: "Usa questo codice al checkout per avere 10 € di sconto sul tuo ordine di almeno 50 €.",
      nl: "Gebruik deze code bij het afrekenen voor € 10 korting op je bestelling vanaf € 50.",
      pt: "Use este código no checkout para obter 10 € de desconto na sua encomenda a partir de 50 €.",
      "pt-br": "Use este código no checkout para ganhar € 10 de desconto no seu pedido a partir de € 50.",
    });
    expect(useCodeLine(shipping, "EUR", "de")).toBe(
      "Mit diesem Code erhältst du an der Kasse Gratisversand für deine Bestellung.",
    );
    expect(offerText(shipping, "EUR", "pt-br")).toBe("frete grátis");
    expect(codeLabelOf(shipping, "EUR", "fr")).toBe("Votre code pour la livraison offerte");
    expect(plain(codeLabelOf(tenOff, "EUR", "de"))).toBe("Dein Rabattcode über 10 €");
  });

  it("reads a region as its language, and a language the app does not ship in English", () => {
    expect(useCodeLine(shipping, "EUR", "de-at")).toBe(useCodeLine(shipping, "EUR", "de"));
    expect(useCodeLine(shipping, "EUR", "ja")).toBe(
      "Use this code at checkout to get free shipping on your order.",
    );
  });
});

describe("a code's conditions in the shopper's language", () => {
  const lastDay = new Date("2026-12-31T15:00:00Z");

  it("says the minimum order, the last day and once per customer, each in the language's words", () => {
    expect(plain(offerConditions(tenOff, "USD", "en", lastDay))).toBe(
      "On orders of $50 or more. Valid until 31 December 2026. One use per customer.",
    );
    expect(plain(offerConditions(tenOff, "EUR", "de", lastDay))).toBe(
      "Gilt für Bestellungen ab 50 €. Gültig bis 31. Dezember 2026. Einmal pro Kunde einlösbar.",
    );
    expect(plain(offerConditions(tenOff, "EUR", "fr", lastDay))).toBe(
      "Valable dès 50 € d’achat. Valable jusqu’au 31 décembre 2026. Utilisable une seule fois par client.",
    );
    expect(plain(offerConditions(tenOff, "EUR", "pt-br", lastDay))).toBe(
      "Em pedidos a partir de € 50. Válido até 31 de dezembro de 2026. Uso único por cliente.",
    );
  });

  it("leaves out a minimum the offer does not have and a last day that is not known", () => {
    expect(offerConditions(percentage, "USD", "en", lastDay)).toBe(
      "Valid until 31 December 2026. One use per customer.",
    );
    expect(offerConditions(shipping, "USD", "nl", null)).toBe("Eén keer te gebruiken per klant.");
    expect(offerConditions(shipping, "USD", "ja", new Date(Number.NaN))).toBe("One use per customer.");
  });

  it("differs from English in every other shipped language", () => {
    const english = offerConditions(tenOff, "EUR", "en", lastDay);
    for (const code of SHIPPED_LANGUAGES.filter((code) => code !== "en"))
      expect(offerConditions(tenOff, "EUR", code, lastDay), code).not.toBe(english);
  });
});

describe("the public config's words for each of the popup's languages", () => {
  const languages = [
    { code: "en", texts: {} },
    { code: "de", texts: { title: "Hol dir [OFFER]!" } },
    { code: "fr", texts: { useCode: "Votre code : [OFFER]" } },
    { code: "ja", texts: {} },
  ];

  it("fills the offer's words into each language's texts and success line", () => {
    const [english, german, french, japanese] = toPublicLanguages(languages, "Acme", {
      offer: shipping,
      currency: "EUR",
    });
    expect(german?.texts.title).toBe("Hol dir Gratisversand!");
    expect(german?.texts.useCode).toBe(
      "Mit diesem Code erhältst du an der Kasse Gratisversand für deine Bestellung.",
    );
    // The merchant's own line wins, with the offer in its language.
    expect(french?.texts.useCode).toBe("Votre code : la livraison offerte");
    // English says "on your order", which the view file's English ("… off your order") cannot.
    expect(english?.texts.useCode).toBe("Use this code at checkout to get free shipping on your order.");
    expect(japanese?.texts.useCode).toBe(english?.texts.useCode);
  });

  it("sends no line the view file makes itself from its English", () => {
    const [english, german] = toPublicLanguages(languages, "Acme", { offer: percentage, currency: "EUR" });
    expect(english?.texts).not.toHaveProperty("useCode");
    expect(plain(german?.texts.useCode ?? "")).toBe(
      "Mit diesem Code erhältst du an der Kasse 15 % Rabatt auf deine Bestellung.",
    );
  });
});

describe("the app's words in emails", () => {
  const vars: RenderVariables = {
    firstName: "Jana",
    discountCode: "SHIP-7KQ2M9",
    discountPercentage: 0,
    offer: shipping,
    currency: "EUR",
    language: "de",
    storeName: "Acme",
    storeUrl: "https://acme.example",
    unsubscribeUrl: "https://app.example/u/tok",
  };

  it("writes the welcome email's code label, offer, button and unsubscribe link in its language", () => {
    const template = { ...defaultEmailTemplate, subject: "Willkommen: [OFFER]" };
    const email = renderWelcomeEmail(template, vars);
    expect(email.subject).toBe("Willkommen: Gratisversand");
    expect(email.html).toContain("Dein Code für Gratisversand");
    expect(email.text).toContain("Dein Code für Gratisversand: SHIP-7KQ2M9");
    expect(email.text).toContain("Jetzt einkaufen: https://acme.example");
    expect(email.text).toContain("Abmelden: https://app.example/u/tok");
    expect(renderWelcomeEmail(template, { ...vars, language: undefined }).text).toContain("Unsubscribe:");
  });

  it("says the code's conditions under it, in the box and in the text part, and fills [OFFER_CONDITIONS]", () => {
    const conditions =
      "Gilt für Bestellungen ab 50 €. Gültig bis 31. Dezember 2026. Einmal pro Kunde einlösbar.";
    const template = { ...defaultEmailTemplate, bodyContent: "Bedingungen: [OFFER_CONDITIONS]" };
    const email = renderWelcomeEmail(template, { ...vars, conditions });
    expect(email.html).toMatch(
      /SHIP-7KQ2M9<\/p><p [^>]*>Gilt für Bestellungen ab 50 €\. Gültig bis 31\. Dezember 2026\./,
    );
    expect(email.html).toContain(`Bedingungen: ${conditions}`);
    expect(email.text).toContain(`Dein Code für Gratisversand: SHIP-7KQ2M9\n${conditions}`);
    // A draft written before conditions were said has none, and the tag reads empty.
    expect(renderWelcomeEmail(template, vars).text).not.toMatch(/Gilt|OFFER_CONDITIONS/);
  });

  it("says the conditions under a flow email's code, not under a campaign's own code", () => {
    const conditions = "Einmal pro Kunde einlösbar.";
    const content = { ...defaultCampaignContent, blocks: [{ id: "code", type: "discountCode" as const }] };
    const envelope = { subject: "Hallo", preheader: "" };
    const flowEmail = renderCampaignEmail(content, envelope, { ...vars, conditions });
    expect(flowEmail.text).toContain(`SHIP-7KQ2M9\n${conditions}`);
    const ownCode = renderCampaignEmail(
      content,
      envelope,
      withCampaignCode({ ...vars, conditions }, "SALE20"),
    );
    expect(ownCode.text).toContain("SALE20");
    expect(ownCode.text).not.toContain(conditions);
  });

  it("asks for the double opt-in in the subscriber's language", () => {
    const german = confirmationEmail("Acme & Co", "https://app.example/c/tok", "#00c68c", "de-at");
    expect(german.subject).toBe("Bitte bestätige deine Anmeldung bei Acme & Co");
    expect(german.html).toContain("Bitte bestätige deine Anmeldung bei Acme &#38; Co.");
    expect(german.html).toContain("Anmeldung bestätigen");
    expect(german.text).toContain("Wenn du dich nicht angemeldet hast");
    expect(confirmationEmail("$& Shop", "x", "#000000", "ja").subject).toBe(
      "Please confirm your subscription to $& Shop",
    );
  });

  it("writes the welcome email in the subscriber's language only when their popup translates it", () => {
    const popupLanguages = [
      { code: "en", texts: {} },
      { code: "de", texts: { emailSubject: "Willkommen" } },
      { code: "fr", texts: { title: "Bonjour" } },
    ];
    expect(welcomeLanguageOf(popupLanguages, "de")).toBe("de");
    expect(welcomeLanguageOf(popupLanguages, "fr")).toBe("en");
    expect(welcomeLanguageOf(popupLanguages, null)).toBe("en");
    expect(welcomeLanguageOf([{ code: "nl", texts: {} }], null)).toBe("nl");
  });
});
