import { fillStoreName } from "../../../popup/config";
import { fillOffer, type Offer } from "../../../popup/offer";
import { sanitizeInlineHtml } from "../../../popup/sanitize";
import {
  type AnswerTextKey,
  BUILT_IN_ENGLISH,
  type BuiltInTextKey,
  defaultPopupLanguages,
  type PopupLanguage,
  type PopupTexts,
  type TextKey,
  WRITTEN_TEXT_KEYS,
} from "../../../popup/texts";
import { type BuiltInTexts, builtInTextsOf } from "./built-in-texts";
import { offerWords, useCodeLine } from "./offer-words";

/** The popup's offer and the store's currency: what its texts say in each language (docs/decisions/196). */
export type SpokenOffer = { offer: Offer; currency: string };

const builtInKeys = Object.keys(builtInTextsOf("en") ?? {}) as (BuiltInTextKey | AnswerTextKey)[];

/** The built-in keys a merchant wrote their own words for. */
function ownBuiltIns(texts: PopupTexts): Partial<BuiltInTexts> {
  return Object.fromEntries(builtInKeys.flatMap((key) => (texts[key] ? [[key, texts[key]]] : [])));
}

/** The English of a built-in text: the view file and the server fall back to it, so it is never sent. */
const englishOf = (key: TextKey) => (builtInTextsOf("en") as Record<string, string>)[key];

/**
 * A language's built-in texts, most specific first: the merchant's words for it, the app's translation, then
 * the default language's (the merchant's, the app's); English last, in the view file.
 */
function builtInsIn(language: PopupLanguage, byDefault: PopupLanguage): Partial<BuiltInTexts> {
  return {
    ...builtInTextsOf(byDefault.code),
    ...ownBuiltIns(byDefault.texts),
    ...builtInTextsOf(language.code),
    ...ownBuiltIns(language.texts),
  };
}

/**
 * A language's written texts as the storefront shows them: inline HTML sanitized, the store's name and the
 * offer's words in the language filled in.
 */
function writtenIn(language: PopupLanguage, storeName: string, spoken: SpokenOffer): PopupTexts {
  const shown: PopupTexts = {};
  const words = offerWords(spoken.offer, spoken.currency, language.code);
  for (const key of WRITTEN_TEXT_KEYS) {
    const text = language.texts[key];
    if (!text) continue;
    const filled = fillOffer(text, spoken.offer.percentage, words);
    if (key === "title" || key === "subtitle") shown[key] = sanitizeInlineHtml(filled);
    else if (key === "consentText" || key === "phoneConsentText")
      shown[key] = fillStoreName(filled, storeName);
    else shown[key] = filled;
  }
  return shown;
}

/**
 * The success view's line in a language, the offer's words in it: the merchant's own line for it, else the
 * app's (a language it ships), else the default language's (the merchant's, then the app's).
 */
function useCodeIn(language: PopupLanguage, byDefault: PopupLanguage, spoken: SpokenOffer): string {
  const source = language.texts.useCode || builtInTextsOf(language.code) ? language : byDefault;
  const own = source.texts.useCode;
  const words = offerWords(spoken.offer, spoken.currency, source.code);
  return own
    ? fillOffer(own, spoken.offer.percentage, words)
    : useCodeLine(spoken.offer, spoken.currency, source.code);
}

/**
 * A popup's languages as its public config carries them (docs/decisions/184): per language, the written texts
 * (not for the default, whose are the popup's own fields) and the built-in ones that are not what the view
 * file makes of its English. The offer's words are filled in on the server, in each language
 * (docs/decisions/196): the written texts' [OFFER] and the success view's line. The welcome email's texts
 * stay on the server.
 */
export function toPublicLanguages(
  languages: PopupLanguage[],
  storeName: string,
  spoken: SpokenOffer,
): PopupLanguage[] {
  const [byDefault = defaultPopupLanguages[0] as PopupLanguage] = languages;
  // The view file fills its English line with the config's offer words, the default language's.
  const englishLine = fillOffer(
    BUILT_IN_ENGLISH.useCode,
    spoken.offer.percentage,
    offerWords(spoken.offer, spoken.currency, byDefault.code),
  );
  return (languages.length ? languages : [byDefault]).map((language) => {
    const builtIns = Object.entries({
      ...builtInsIn(language, byDefault),
      useCode: useCodeIn(language, byDefault, spoken),
    }).filter(([key, text]) => text !== (key === "useCode" ? englishLine : englishOf(key as TextKey)));
    return {
      code: language.code,
      texts: {
        ...Object.fromEntries(builtIns),
        ...(language === byDefault ? {} : writtenIn(language, storeName, spoken)),
      },
    };
  });
}
