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
 * The popup as it reads in `code`: that language's texts over the popup's own (in any variant: a variant's
 * texts are the default language's), which the view file reads its built-in texts from (popup/texts.ts).
 * The written texts carry the config's own names (title, subtitle, buttonText, consentText).
 */
export function inLanguage<T extends PublicPopupConfig>(popup: T, code: string): T {
  const texts = popup.languages?.find((language) => language.code === code)?.texts;
  const { design } = popup;
  return texts
    ? {
        ...popup,
        ...texts,
        texts,
        design: { ...design, teaser: { ...design.teaser, text: texts.teaserText || design.teaser.text } },
      }
    : popup;
}
