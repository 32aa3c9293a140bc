import {
  BUILT_IN_ENGLISH,
  EMAIL_TEXT_KEYS,
  type PopupLanguage,
  type TextKey,
  WRITTEN_TEXT_KEYS,
} from "../../../popup/texts";
import { builtInTextsOf } from "./built-in-texts";

/** The rows of the builder's translations table, in its order: the popup's words, the built-in, the email's. */
export const TEXT_GROUPS: { heading: string; keys: readonly TextKey[]; builtIn?: boolean }[] = [
  { heading: "Popup", keys: WRITTEN_TEXT_KEYS },
  {
    heading: "Built in",
    keys: [...(Object.keys(BUILT_IN_ENGLISH) as TextKey[]), "confirm", "sentToInbox"],
    builtIn: true,
  },
  { heading: "Welcome email", keys: EMAIL_TEXT_KEYS },
];

/** Whether the key is one of the welcome email's texts (the store's template in the default language). */
export const isEmailText = (key: TextKey) => (EMAIL_TEXT_KEYS as readonly TextKey[]).includes(key);

/** Whether the key is the popup's own field or the email template's in the default language. */
export const isWrittenInFields = (key: TextKey) =>
  (WRITTEN_TEXT_KEYS as readonly TextKey[]).includes(key) || isEmailText(key);

/**
 * The texts a language lacks, which show in the default language's words: for a translation, every text of
 * the popup and the email it has none for, and a built-in one the app does not ship for it either; for the
 * default language, the built-in ones when the app ships none for it (they then read in English).
 * `teaser`: whether the popup shows its teaser tab (a translation of an unused tab is not missing).
 */
export function missingTexts(languages: PopupLanguage[], index: number, teaser: boolean): TextKey[] {
  const language = languages[index];
  if (!language) return [];
  const shipped = builtInTextsOf(language.code);
  return TEXT_GROUPS.flatMap(({ keys }) => keys).filter((key) => {
    if (language.texts[key]?.trim()) return false;
    if (isWrittenInFields(key)) return index > 0 && (key !== "teaserText" || teaser);
    return !shipped;
  });
}
