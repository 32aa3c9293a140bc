/**
 * Every text of a popup that changes with the shopper's language, by key: the one list the API's schema, the
 * builder's translations table, the public config and the welcome email read. A new text becomes
 * translatable by adding its key here (to `WRITTEN_TEXT_KEYS`, or to `BUILT_IN_ENGLISH` with its translations
 * in app/lib/languages/built-in-texts.ts). docs/decisions/184.
 */
import { PRIVACY_POLICY_LINK } from "./config";
import { STEP_ENGLISH, STEP_MESSAGES_ENGLISH } from "./step-texts";
import { SUCCESS_ENGLISH } from "./success-texts";
import { POPUP_MESSAGES } from "./validation";

/** The popup's words the merchant writes in Content: in the default language they are the popup's fields. */
export const POPUP_TEXT_KEYS = ["title", "subtitle", "buttonText", "consentText", "teaserText"] as const;

/**
 * The steps' words the merchant writes (popup/steps.ts): in the default language they are the steps' own
 * fields (app/lib/languages/step-texts.ts says which).
 */
export const STEP_TEXT_KEYS = [
  "openerQuestion",
  "openerYes",
  "openerNo",
  "extraFieldsTitle",
  "extraFieldsButton",
  "extraFieldsSkip",
  "phoneConsentText",
] as const;

/** The merchant's own words: in the popup's default language they are the popup's and its steps' fields. */
export const WRITTEN_TEXT_KEYS = [...POPUP_TEXT_KEYS, ...STEP_TEXT_KEYS] as const;

/** The welcome email's words: in the default language they are the store's email template. */
export const EMAIL_TEXT_KEYS = ["emailSubject", "emailHeader", "emailBody"] as const;

/**
 * What the storefront popup's form says that the merchant does not write, in English: what the view file
 * shows when a language has no other words for it.
 */
const FORM_ENGLISH = {
  emailLabel: "Email address",
  nameLabel: "Name",
  phoneLabel: "Phone",
  companyLabel: "Company",
  addressLabel: "Address",
  streetLabel: "Street",
  cityLabel: "City",
  stateLabel: "State / Province",
  zipCodeLabel: "ZIP / Postal code",
  countryLabel: "Country",
  ...POPUP_MESSAGES,
  genericError: "Something went wrong. Please try again.",
  close: "Close",
  privacyPolicy: PRIVACY_POLICY_LINK,
} as const;

/**
 * Every text of the storefront popup that the merchant does not write, in English: the form's (the view
 * file's), the success view's and the steps' (their feature files', popup/success-texts.ts and
 * popup/step-texts.ts), and the server's answers to the extra-fields step.
 */
export const BUILT_IN_ENGLISH = {
  ...FORM_ENGLISH,
  ...SUCCESS_ENGLISH,
  ...STEP_ENGLISH,
  ...STEP_MESSAGES_ENGLISH,
} as const;

export type FormTextKey = keyof typeof FORM_ENGLISH;
export type BuiltInTextKey = keyof typeof BUILT_IN_ENGLISH;
export type WrittenTextKey = (typeof WRITTEN_TEXT_KEYS)[number];
export type StepTextKey = (typeof STEP_TEXT_KEYS)[number];
export type EmailTextKey = (typeof EMAIL_TEXT_KEYS)[number];
/** The server's answers to a subscription (SUBSCRIBE_ANSWERS): translated by the server, never shipped. */
export type AnswerTextKey = "confirm" | "sentToInbox";
export type TextKey = WrittenTextKey | EmailTextKey | BuiltInTextKey | AnswerTextKey;

/** A language's words by key; a key left out falls back (docs/decisions/184). */
export type PopupTexts = Partial<Record<TextKey, string>>;

/**
 * A language a popup speaks: a lowercase BCP 47 tag ("de", "pt-br") and its texts. The first of a popup's
 * languages is its default, whose written texts are the popup's own fields.
 */
export type PopupLanguage = { code: string; texts: PopupTexts };

export const defaultPopupLanguages: PopupLanguage[] = [{ code: "en", texts: {} }];

/** A built-in text in the popup's chosen language (`texts`, popup/languages.ts), else in English. */
export function builtInText(texts: PopupTexts | undefined, key: BuiltInTextKey): string {
  return texts?.[key] || BUILT_IN_ENGLISH[key];
}

/** A text of the popup's form in its chosen language, else in English: the view file's words. */
export function formText(texts: PopupTexts | undefined, key: FormTextKey): string {
  return texts?.[key] || FORM_ENGLISH[key];
}

/** A message of the form's checks or the server's (English, POPUP_MESSAGES) in the popup's chosen language. */
export function translatedMessage(texts: PopupTexts | undefined, message: string): string {
  const key = (Object.keys(FORM_ENGLISH) as FormTextKey[]).find((k) => FORM_ENGLISH[k] === message);
  return key ? formText(texts, key) : message;
}
