import type { PublicPopupConfig } from "../../../popup/config";
import type { TextKey } from "../../../popup/texts";
import { BUILT_IN_TEXTS, builtInTextsOf } from "./built-in-texts";

type Speaking = Pick<PublicPopupConfig, "languages">;

/** The language a subscription names when the popup speaks it; null (the popup's default) otherwise. */
export function subscriberLanguage(popup: Speaking, named: unknown): string | null {
  const code = typeof named === "string" ? named.toLowerCase() : "";
  return popup.languages.some((language) => language.code === code) ? code : null;
}

const englishKeys = new Map(
  Object.entries(BUILT_IN_TEXTS.en ?? {}).map(([key, text]) => [text, key as TextKey] as const),
);

/**
 * The server's English words to a subscriber (a field's message, the answer) in their language, from the
 * popup's public texts of it (app/lib/languages/public-languages.ts); words it has none for stay English.
 */
export function speakerFor(popup: Speaking, language: string | null): (english: string) => string {
  const texts = (language ? popup.languages.find(({ code }) => code === language) : popup.languages[0])
    ?.texts;
  return (english) => {
    const key = englishKeys.get(english);
    return (key && texts?.[key]) || english;
  };
}

/** A check's messages by field, each said by `say` (speakerFor). */
export function spokenErrors(
  say: (english: string) => string,
  errors: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, say(message)]));
}

/**
 * The app's own words for `english` in a language it ships, for an answer that names no popup (a request
 * whose popup is unknown): English otherwise.
 */
export function appSays(language: unknown, english: string): string {
  const key = englishKeys.get(english);
  const texts = typeof language === "string" ? builtInTextsOf(language.toLowerCase()) : null;
  return (key && (texts as Record<string, string> | null)?.[key]) || english;
}
