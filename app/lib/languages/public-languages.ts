import { fillStoreName } from "../../../popup/config";
import { sanitizeInlineHtml } from "../../../popup/sanitize";
import {
  type AnswerTextKey,
  type BuiltInTextKey,
  defaultPopupLanguages,
  type PopupLanguage,
  type PopupTexts,
  type TextKey,
  WRITTEN_TEXT_KEYS,
} from "../../../popup/texts";
import { type BuiltInTexts, builtInTextsOf } from "./built-in-texts";

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

/** A language's written texts as the storefront shows them: inline HTML sanitized, the store's name filled in. */
function writtenIn(texts: PopupTexts, storeName: string): PopupTexts {
  const shown: PopupTexts = {};
  for (const key of WRITTEN_TEXT_KEYS) {
    const text = texts[key];
    if (!text) continue;
    if (key === "title" || key === "subtitle") shown[key] = sanitizeInlineHtml(text);
    else if (key === "consentText") shown[key] = fillStoreName(text, storeName);
    else shown[key] = text;
  }
  return shown;
}

/**
 * A popup's languages as its public config carries them (docs/decisions/184): per language, the written texts
 * (not for the default, whose are the popup's own fields) and the built-in ones that are not the English
 * the view file already has. The welcome email's texts stay on the server.
 */
export function toPublicLanguages(languages: PopupLanguage[], storeName: string): PopupLanguage[] {
  const [byDefault = defaultPopupLanguages[0] as PopupLanguage] = languages;
  return (languages.length ? languages : [byDefault]).map((language) => {
    const builtIns = Object.entries(builtInsIn(language, byDefault)).filter(
      ([key, text]) => text !== englishOf(key as TextKey),
    );
    return {
      code: language.code,
      texts: {
        ...Object.fromEntries(builtIns),
        ...(language === byDefault ? {} : writtenIn(language.texts, storeName)),
      },
    };
  });
}
