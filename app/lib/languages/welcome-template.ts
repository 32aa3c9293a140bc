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
