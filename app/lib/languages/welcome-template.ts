import { EMAIL_TEXT_KEYS, type PopupLanguage } from "../../../popup/texts";

type WelcomeWords = { subject: string; headerText: string; bodyContent: string };

/**
 * The store's welcome template in a subscriber's language: that language's subject, header and body from
 * the popup they subscribed through, each missing one the template's own (the default language's).
 */
/**
 * The language the welcome email is written in: the subscriber's when their popup translates the email into
 * it, else the popup's default. The app's own words in it (the offer's, the code's label, the buttons) follow.
 */
export function welcomeLanguageOf(languages: PopupLanguage[], language: string | null): string {
  const translated = languages.some(
    ({ code, texts }, index) => index > 0 && code === language && EMAIL_TEXT_KEYS.some((key) => texts[key]),
  );
  return (translated && language) || languages[0]?.code || "en";
}

export function welcomeTemplateIn<T extends WelcomeWords>(
  template: T,
  languages: PopupLanguage[],
  language: string | null,
): T {
  const texts = languages.find(({ code }, index) => index > 0 && code === language)?.texts;
  if (!texts) return template;
  return {
    ...template,
    subject: texts.emailSubject || template.subject,
    headerText: texts.emailHeader || template.headerText,
    bodyContent: texts.emailBody || template.bodyContent,
  };
}

/**
 * The welcome email's texts a popup's languages hold, as one comparable value: each language that has any,
 * by code (the default marked, since the email never reads the default's), with its texts trimmed.
 */
function welcomeTextsOf(languages: readonly PopupLanguage[]): string {
  const held = languages.flatMap(({ code, texts }, index) => {
    const email = EMAIL_TEXT_KEYS.flatMap((key) => {
      const text = texts[key]?.trim();
      return text ? [[key, text] as const] : [];
    });
    return email.length > 0 ? [{ code, byDefault: index === 0, email }] : [];
  });
  held.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return JSON.stringify(held);
}

/**
 * Whether a new list of languages changes the welcome email's texts (docs/decisions/206): a language's
 * subject, header or body written, changed or emptied, or a language holding them removed, renamed or made
 * the default. Adding, removing or reordering languages without them, and sending the list back unchanged
 * (the builder's save), change nothing of the email.
 */
export function changesWelcomeTexts(
  before: readonly PopupLanguage[],
  after: readonly PopupLanguage[],
): boolean {
  return welcomeTextsOf(before) !== welcomeTextsOf(after);
}

/** Whether a language holds any of the welcome email's texts. */
export const hasWelcomeTexts = ({ texts }: PopupLanguage) =>
  EMAIL_TEXT_KEYS.some((key) => texts[key]?.trim());
