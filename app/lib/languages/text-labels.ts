import type { TextKey } from "../../../popup/texts";

/** What each translatable text is, as the builder's translations table names its rows. */
export const TEXT_LABELS: Record<TextKey, string> = {
  title: "Title",
  subtitle: "Subtitle",
  buttonText: "Button text",
  consentText: "Consent text",
  teaserText: "Teaser tab",
  openerQuestion: "Opener question",
  openerYes: "Opener yes button",
  openerNo: "Opener no button",
  extraFieldsTitle: "Extra fields title",
  extraFieldsButton: "Extra fields button",
  extraFieldsSkip: "Extra fields skip link",
  phoneConsentText: "Phone consent text",
  emailLabel: "Email field label",
  nameLabel: "Name field label",
  phoneLabel: "Phone field label",
  companyLabel: "Company field label",
  addressLabel: "Address field label",
  streetLabel: "Street field label",
  cityLabel: "City field label",
  stateLabel: "State field label",
  zipCodeLabel: "ZIP code field label",
  countryLabel: "Country field label",
  emailRequired: "No email entered",
  emailInvalid: "Email not valid",
  temporaryEmail: "Temporary email refused",
  companyEmail: "Company email required",
  approvedDomain: "Email domain not approved",
  nameRequired: "No name entered",
  genericError: "Something went wrong",
  close: "Close button",
  privacyPolicy: "Privacy policy link",
  thanks: "Thank you heading",
  useCode: "Code instructions",
  discountCode: "Discount code label",
  copy: "Copy button",
  copied: "Copy button, once copied",
  copiedNotice: "Copied notice",
  copyFailed: "Copy failed notice",
  followUs: "Social links heading",
  continueShopping: "Continue button",
  applyToCart: "Link that applies the code to the cart",
  youWon: "Prize wheel: won",
  noPrize: "Prize wheel: no prize",
  firstNameLabel: "First name field label",
  birthdayLabel: "Birthday field label",
  dayLabel: "Birthday day field",
  monthLabel: "Birthday month field",
  firstNameTooLong: "First name too long",
  birthdayInvalid: "Birthday not valid",
  phoneInvalid: "Phone not valid",
  phoneConsentMissing: "Phone consent not ticked",
  extraFieldsExpired: "Extra fields form expired",
  confirm: "Confirm your subscription",
  sentToInbox: "Code sent to the inbox",
  emailSubject: "Welcome email subject",
  emailHeader: "Welcome email header",
  emailBody: "Welcome email body",
};

/**
 * What a member without manage_email_settings is told beside a translation's welcome email texts, which the
 * builder shows them read-only (docs/decisions/208).
 */
export const EMAIL_TEXTS_READ_ONLY =
  "Read-only: editing the welcome email needs the Manage Email Settings permission";

/** The language's name in English ("de-at" → "German (Austria)"), or its code when the browser knows none. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The languages the builder offers to add: the shipped ones first, then other common storefront languages. */
export const OFFERED_LANGUAGES = [
  "en",
  "de",
  "fr",
  "es",
  "it",
  "nl",
  "pt",
  "pt-br",
  "da",
  "sv",
  "nb",
  "fi",
  "pl",
  "cs",
  "ro",
  "hu",
  "el",
  "tr",
  "ja",
  "ko",
  "zh-cn",
  "zh-tw",
];
