/**
 * What the steps' views say that the merchant does not write (popup/step-views.ts), in English, when the
 * shopper's language has no other words for it: shipped in the steps feature file only. Part of the popup's
 * built-in texts (popup/texts.ts).
 */
export const STEP_ENGLISH = {
  firstNameLabel: "First name",
  birthdayLabel: "Birthday (day / month)",
  dayLabel: "Day",
  monthLabel: "Month",
  // The form's phone field has the same key and words (popup/texts.ts): one translation serves both.
  phoneLabel: "Phone",
} as const;

/**
 * The server's answers to the extra-fields step, in English: it says them in the language the popup showed
 * in (app/lib/languages/subscriber-language.ts), so they never ship. Part of the popup's built-in texts.
 */
export const STEP_MESSAGES_ENGLISH = {
  firstNameTooLong: "First name must be at most 100 characters",
  birthdayInvalid: "Please enter a real day and month",
  phoneInvalid: "Please enter a valid phone number",
  phoneConsentMissing: "Tick the box to get text messages, or leave the phone number empty",
  extraFieldsExpired: "This form has expired. Please subscribe again.",
} as const;

export type StepBuiltInKey = keyof typeof STEP_ENGLISH | keyof typeof STEP_MESSAGES_ENGLISH;
