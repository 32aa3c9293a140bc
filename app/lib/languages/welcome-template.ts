import type { PopupLanguage } from "../../../popup/texts";

type WelcomeWords = { subject: string; headerText: string; bodyContent: string };

/**
 * The store's welcome template in a subscriber's language: that language's subject, header and body from
 * the popup they subscribed through, each missing one the template's own (the default language's).
 */
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
