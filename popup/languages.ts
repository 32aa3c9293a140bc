/**
 * The shopper's language, chosen by the storefront script before the popup shows (docs/decisions/184), and
 * the popup in it. Part of the first-paint file: kept small.
 */
import type { PublicPopupConfig } from "./config";

/** What the page says of its reader's language, strongest first. */
export type LanguageSignals = {
  /** The Shopify storefront's locale (`request.locale.iso_code`, passed by the app embed). */
  shopify?: string | null;
  /** The page's `<html lang>`. */
  page?: string | null;
  /** The browser's (navigator.languages). */
  browser: readonly string[];
};

/**
 * One of `codes` (the popup's languages, its default first): the first signal that the popup speaks, exactly
 * ("de-at"), by its language ("de-AT" reads "de") or by a sibling region ("pt-PT" reads "pt-br"); else the
 * default.
 */
export function chooseLanguage(codes: string[], { shopify, page, browser }: LanguageSignals): string {
  for (const signal of [shopify, page, ...browser]) {
    const tag = (signal || "").toLowerCase().replace("_", "-");
    const primary = tag.split("-")[0];
    const found =
      codes.find((code) => code === tag) ||
      codes.find((code) => code === primary) ||
      codes.find((code) => code.split("-")[0] === primary);
    if (tag && found) return found;
  }
  return codes[0] || "en";
}

/**
 * The popup as it reads in `code`: that language's written texts over the popup's own (in any variant: a
 * variant's texts are the default language's), its built-in texts for the view file (popup/texts.ts).
 */
export function inLanguage<T extends PublicPopupConfig>(popup: T, code: string): T {
  const texts = popup.languages?.find((language) => language.code === code)?.texts || {};
  const { title = popup.title, subtitle = popup.subtitle, buttonText = popup.buttonText } = texts;
  const { consentText = popup.consentText, teaserText = popup.design.teaser.text } = texts;
  return {
    ...popup,
    title,
    subtitle,
    buttonText,
    consentText,
    texts,
    design: { ...popup.design, teaser: { ...popup.design.teaser, text: teaserText } },
  };
}
