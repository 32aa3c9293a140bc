import { describe, expect, it } from "vitest";
import { BUILT_IN_TEXTS, builtInTextsOf } from "~/lib/languages/built-in-texts";
import { missingTexts } from "~/lib/languages/missing-texts";
import { type SpokenOffer, toPublicLanguages } from "~/lib/languages/public-languages";
import { appSays, speakerFor, subscriberLanguage } from "~/lib/languages/subscriber-language";
import { changesWelcomeTexts, hasWelcomeTexts, welcomeTemplateIn } from "~/lib/languages/welcome-template";
import { LANGUAGE_MESSAGES, popupLanguagesSchema } from "~/lib/schemas/popup-languages";
import { EXTRA_FIELDS_EXPIRED } from "~/services/subscribers/extra-fields.server";
import { defaultPopupDesign, type PublicPopupConfig } from "../../popup/config";
import { chooseLanguage, inLanguage } from "../../popup/languages";
import { defaultPopupSteps, EXTRA_FIELD_MESSAGES } from "../../popup/steps";
import type { PopupLanguage } from "../../popup/texts";
import { BUILT_IN_ENGLISH, builtInText, translatedMessage } from "../../popup/texts";
import { POPUP_MESSAGES } from "../../popup/validation";

describe("the shopper's language", () => {
  const codes = ["en", "de", "fr", "pt-br"];

  it("takes Shopify's storefront locale first, then <html lang>, then the browser's", () => {
    expect(chooseLanguage(codes, { shopify: "fr", page: "de", browser: ["en-US"] })).toBe("fr");
    expect(chooseLanguage(codes, { shopify: null, page: "de", browser: ["fr"] })).toBe("de");
    expect(chooseLanguage(codes, { page: "", browser: ["fr-CA", "de"] })).toBe("fr");
  });

  it("reads a region as its language (de-AT → de) and a sibling region as the popup's (pt-PT → pt-br)", () => {
    expect(chooseLanguage(codes, { page: "de-AT", browser: [] })).toBe("de");
    expect(chooseLanguage(codes, { shopify: "pt-PT", browser: [] })).toBe("pt-br");
    expect(chooseLanguage(codes, { shopify: "pt_BR", browser: [] })).toBe("pt-br");
    expect(chooseLanguage(["en", "de-ch"], { page: "DE-CH", browser: [] })).toBe("de-ch");
  });

  it("skips a language the popup does not speak and falls back to the popup's default", () => {
    expect(chooseLanguage(codes, { shopify: "ja", page: "ja", browser: ["ko", "de"] })).toBe("de");
    expect(chooseLanguage(["nl", "en"], { shopify: "ja", page: "", browser: ["ko"] })).toBe("nl");
    expect(chooseLanguage([], { browser: ["de"] })).toBe("en");
  });
});

const fifteenOff: SpokenOffer = {
  offer: { kind: "percentage", percentage: 15, amount: 0, minimumSubtotal: null },
  currency: "EUR",
};

const popup = {
  title: "Variant B title",
  subtitle: "Save [DISCOUNT_PERCENT]%",
  buttonText: "JOIN",
  consentText: "You agree.",
  design: { ...defaultPopupDesign, imageUrl: null },
  languages: [
    { code: "en", texts: {} },
    { code: "de", texts: { title: "Hallo", emailRequired: "E-Mail fehlt", teaserText: "Rabatt holen" } },
  ],
} as unknown as PublicPopupConfig;

describe("the popup in a language", () => {
  it("shows a language's translations over the popup's texts, in any variant", () => {
    const german = inLanguage(popup, "de");
    expect(german.title).toBe("Hallo");
    expect(german.design.teaser.text).toBe("Rabatt holen");
    expect(builtInText(german.texts, "emailRequired")).toBe("E-Mail fehlt");
  });

  it("falls back to the default language's text for a string not translated", () => {
    const german = inLanguage(popup, "de");
    expect(german.subtitle).toBe("Save [DISCOUNT_PERCENT]%");
    expect(german.buttonText).toBe("JOIN");
    expect(builtInText(german.texts, "emailInvalid")).toBe(POPUP_MESSAGES.emailInvalid);
    expect(inLanguage(popup, "en").title).toBe("Variant B title");
  });

  it("reads the form's English messages in the chosen language", () => {
    const { texts } = inLanguage(popup, "de");
    expect(translatedMessage(texts, POPUP_MESSAGES.emailRequired)).toBe("E-Mail fehlt");
    expect(translatedMessage(texts, "Not a built-in message")).toBe("Not a built-in message");
  });
});

describe("the built-in translations", () => {
  const keys = Object.keys(BUILT_IN_TEXTS.en ?? {}).sort();

  it.each(["en", "de", "fr", "es", "it", "nl", "pt", "pt-br"])("%s has every built-in text", (code) => {
    const texts = builtInTextsOf(code);
    expect(Object.keys(texts ?? {}).sort()).toEqual(keys);
    for (const text of Object.values(texts ?? {})) expect(text.trim()).not.toBe("");
    expect(texts?.useCode).toContain("[DISCOUNT_PERCENT]");
  });

  it("reads a region by its language and knows none for a language it does not ship", () => {
    expect(builtInTextsOf("de-at")?.emailRequired).toBe(BUILT_IN_TEXTS.de?.emailRequired);
    expect(builtInTextsOf("pl")).toBeNull();
  });
});

describe("a popup's languages in its public config", () => {
  const languages = [
    { code: "en", texts: { copy: "Grab it" } },
    {
      code: "de",
      texts: {
        title: "<b>Hallo</b><script>x</script>",
        consentText: "Du stimmst [STORE_NAME] zu.",
        emailSubject: "Willkommen",
        thanks: "Merci vielmals!",
        openerQuestion: "Lust auf [DISCOUNT_PERCENT] % Rabatt?",
        phoneConsentText: "SMS von [STORE_NAME], ja bitte.",
      },
    },
    { code: "pl", texts: { buttonText: "ZAPISZ" } },
  ];
  const [english, german, polish] = toPublicLanguages(languages, "Acme", fifteenOff);

  it("carries no English the storefront already has, and the default language's written texts nowhere", () => {
    expect(english).toEqual({ code: "en", texts: { copy: "Grab it" } });
  });

  it("carries a shipped language's built-in texts, the merchant's own words first", () => {
    expect(german?.texts.emailRequired).toBe(BUILT_IN_TEXTS.de?.emailRequired);
    expect(german?.texts.thanks).toBe("Merci vielmals!");
    expect(german?.texts.title).toBe("<b>Hallo</b>");
    expect(german?.texts.consentText).toBe("Du stimmst Acme zu.");
  });

  it("carries a language's step texts with the offer and the store's name filled in", () => {
    // German writes the figure with a no-break space before the sign.
    expect(german?.texts.openerQuestion).toMatch(/^Lust auf 15\s% Rabatt\?$/u);
    expect(german?.texts.phoneConsentText).toBe("SMS von Acme, ja bitte.");
    expect(german?.texts.firstNameLabel).toBe("Vorname");
  });

  it("keeps the welcome email's texts on the server", () => {
    expect(german?.texts).not.toHaveProperty("emailSubject");
  });

  it("gives a language the app does not ship the default language's built-in texts", () => {
    expect(polish?.texts.buttonText).toBe("ZAPISZ");
    expect(polish?.texts.copy).toBe("Grab it");
    expect(polish?.texts).not.toHaveProperty("emailRequired");
  });
});

describe("a subscriber's language", () => {
  const config = {
    languages: toPublicLanguages(
      [
        { code: "en", texts: {} },
        { code: "fr", texts: {} },
      ],
      "",
      fifteenOff,
    ),
  };

  it("is one of the popup's languages, else none (the default)", () => {
    expect(subscriberLanguage(config, "FR")).toBe("fr");
    expect(subscriberLanguage(config, "de")).toBeNull();
    expect(subscriberLanguage(config, 42)).toBeNull();
  });

  it("is what the server's messages and answers are in", () => {
    expect(speakerFor(config, "fr")(POPUP_MESSAGES.emailInvalid)).toBe(BUILT_IN_TEXTS.fr?.emailInvalid);
    expect(speakerFor(config, "fr")(BUILT_IN_ENGLISH.thanks)).toBe("Merci pour votre inscription !");
    expect(speakerFor(config, null)(BUILT_IN_ENGLISH.thanks)).toBe(BUILT_IN_ENGLISH.thanks);
    expect(speakerFor(config, "fr")(EXTRA_FIELD_MESSAGES.birthday)).toBe(
      "Veuillez saisir un jour et un mois existants",
    );
  });

  it("is the app's own words for an answer that names no popup, English for any other tag", () => {
    expect(appSays("de-AT", EXTRA_FIELDS_EXPIRED)).toBe(
      "Dieses Formular ist abgelaufen. Bitte melde dich noch einmal an.",
    );
    for (const other of ["pl", "constructor", "__proto__", 7, undefined])
      expect(appSays(other, EXTRA_FIELDS_EXPIRED)).toBe(EXTRA_FIELDS_EXPIRED);
  });

  it("picks the welcome email's words, each missing one the template's own", () => {
    const template = {
      subject: "Welcome",
      headerText: "Hello",
      bodyContent: "Your code",
      primaryColor: "#000",
    };
    const languages = [
      { code: "en", texts: {} },
      { code: "de", texts: { emailSubject: "Willkommen", emailBody: "Dein Code" } },
    ];
    expect(welcomeTemplateIn(template, languages, "de")).toEqual({
      ...template,
      subject: "Willkommen",
      bodyContent: "Dein Code",
    });
    expect(welcomeTemplateIn(template, languages, "fr")).toBe(template);
    expect(welcomeTemplateIn(template, languages, null)).toBe(template);
  });
});

describe("the languages a merchant saves", () => {
  it("lowercases codes, drops emptied translations and refuses a language twice", () => {
    const parsed = popupLanguagesSchema.parse([
      { code: "en", texts: {} },
      { code: "PT-BR", texts: { title: "Oi", subtitle: "  " } },
    ]);
    expect(parsed).toEqual([
      { code: "en", texts: {} },
      { code: "pt-br", texts: { title: "Oi" } },
    ]);
    const twice = popupLanguagesSchema.safeParse([
      { code: "de", texts: {} },
      { code: "de", texts: {} },
    ]);
    expect(twice.error?.issues[0]?.message).toBe(LANGUAGE_MESSAGES.duplicate);
  });

  it("keeps the default language's written texts in the popup's own fields", () => {
    const result = popupLanguagesSchema.safeParse([{ code: "en", texts: { title: "Hi" } }]);
    expect(result.error?.issues[0]?.message).toBe(LANGUAGE_MESSAGES.defaultWritten);
    expect(popupLanguagesSchema.safeParse([{ code: "english", texts: {} }]).success).toBe(false);
    expect(popupLanguagesSchema.safeParse([{ code: "en", texts: { nope: "x" } }]).success).toBe(false);
  });
});

describe("the texts the builder marks missing", () => {
  const noTeaser = { teaser: false, steps: [defaultPopupSteps] };
  const languages = [
    { code: "en", texts: {} },
    { code: "de", texts: { title: "Hallo", buttonText: "LOS", consentText: "Ja", subtitle: "Spare" } },
    { code: "pl", texts: { emailLabel: "Adres e-mail" } },
  ];

  it("are a translation's texts it has none for, the teaser's only when the popup shows one", () => {
    expect(missingTexts(languages, 1, noTeaser)).toEqual(["emailSubject", "emailHeader", "emailBody"]);
    expect(missingTexts(languages, 1, { ...noTeaser, teaser: true })).toContain("teaserText");
  });

  it("include the built-in texts of a language the app does not translate, not those given", () => {
    const polish = missingTexts(languages, 2, noTeaser);
    expect(polish).toContain("emailRequired");
    expect(polish).not.toContain("emailLabel");
  });

  it("are none for a shipped default language, its built-in ones for another", () => {
    expect(missingTexts(languages, 0, noTeaser)).toEqual([]);
    expect(missingTexts([{ code: "pl", texts: {} }], 0, noTeaser)).toContain("thanks");
  });

  it("include a step's texts only while the popup or one of its variants shows that step", () => {
    const opener = { ...defaultPopupSteps, opener: { ...defaultPopupSteps.opener, enabled: true } };
    const extra = {
      ...defaultPopupSteps,
      extraFields: { ...defaultPopupSteps.extraFields, enabled: true },
    };
    const withOpener = missingTexts(languages, 1, { teaser: false, steps: [defaultPopupSteps, opener] });
    expect(withOpener).toEqual(expect.arrayContaining(["openerQuestion", "openerYes", "openerNo"]));
    expect(withOpener).not.toContain("extraFieldsTitle");
    const withExtra = missingTexts(languages, 1, { teaser: false, steps: [extra] });
    expect(withExtra).toEqual(
      expect.arrayContaining(["extraFieldsTitle", "extraFieldsButton", "extraFieldsSkip"]),
    );
    // The default step asks for no phone: its consent line is not read.
    expect(withExtra).not.toContain("phoneConsentText");
    const phone = { ...extra.extraFields, fields: { ...extra.extraFields.fields, phone: true } };
    const translated = [
      languages[0],
      { code: "de", texts: { ...languages[1]?.texts, phoneConsentText: "Ja, SMS von [STORE_NAME]" } },
    ] as typeof languages;
    expect(
      missingTexts(languages, 1, { teaser: false, steps: [{ ...extra, extraFields: phone }] }),
    ).toContain("phoneConsentText");
    expect(
      missingTexts(translated, 1, { teaser: false, steps: [{ ...extra, extraFields: phone }] }),
    ).not.toContain("phoneConsentText");
  });
});

describe("a change of the welcome email's texts (docs/decisions/206)", () => {
  const stored: PopupLanguage[] = [
    { code: "en", texts: {} },
    { code: "de", texts: { title: "Hallo", emailSubject: "Willkommen", emailBody: "Dein Code" } },
    { code: "fr", texts: { title: "Bonjour" } },
  ];
  const withGerman = (texts: Record<string, string>) => [
    stored[0] ?? { code: "en", texts: {} },
    { code: "de", texts },
    stored[2] ?? { code: "fr", texts: {} },
  ];

  it("is none when the list comes back with the email texts as stored, whatever else changed", () => {
    expect(changesWelcomeTexts(stored, stored)).toBe(false);
    expect(
      changesWelcomeTexts(
        stored,
        withGerman({
          title: "Hallo du",
          emailSubject: " Willkommen ",
          emailBody: "Dein Code",
          consentText: "Ja",
        }),
      ),
    ).toBe(false);
    // Adding, removing and reordering languages without email texts, changing the default's code.
    const [english, german] = stored;
    if (!english || !german) throw new Error("no languages");
    expect(changesWelcomeTexts(stored, [english, { code: "it", texts: {} }, german])).toBe(false);
    expect(changesWelcomeTexts(stored, [english, german])).toBe(false);
    expect(changesWelcomeTexts(stored, [{ code: "nl", texts: {} }, german])).toBe(false);
  });

  it("is any text written, changed or emptied, and a language holding them removed, renamed or made the default", () => {
    const [english, german, french] = stored;
    if (!english || !german || !french) throw new Error("no languages");
    expect(
      changesWelcomeTexts(stored, [...stored, { code: "en-us", texts: { emailSubject: "Action required" } }]),
    ).toBe(true);
    expect(changesWelcomeTexts(stored, withGerman({ ...german.texts, emailHeader: "Hi" }))).toBe(true);
    expect(
      changesWelcomeTexts(stored, withGerman({ ...german.texts, emailBody: "https://evil.example" })),
    ).toBe(true);
    expect(changesWelcomeTexts(stored, withGerman({ title: "Hallo", emailSubject: "Willkommen" }))).toBe(
      true,
    );
    expect(changesWelcomeTexts(stored, [english, french])).toBe(true);
    expect(changesWelcomeTexts(stored, [english, { ...german, code: "de-at" }, french])).toBe(true);
    expect(changesWelcomeTexts(stored, [german, english, french])).toBe(true);
    expect(
      changesWelcomeTexts([{ code: "en", texts: {} }], [{ code: "en", texts: { emailBody: "x" } }]),
    ).toBe(true);
  });

  it("tells which languages hold them", () => {
    expect(stored.map(hasWelcomeTexts)).toEqual([false, true, false]);
    expect(hasWelcomeTexts({ code: "de", texts: { emailHeader: "  " } })).toBe(false);
  });
});
