/**
 * A popup's steps (docs/decisions/186): an optional opener (a question with two buttons), the email step (the
 * form), an optional step for extra fields, then the success step. Shared by the server, the builder and the
 * storefront's view file, so every byte here ships: keep it small.
 */

import { STEP_MESSAGES_ENGLISH } from "./step-texts";

/** The opener: "No" closes the popup and counts as a dismissal. Texts are plain (the offer's words filled, popup/offer.ts). */
export type OpenerStep = { enabled: boolean; question: string; yesText: string; noText: string };

export const extraFieldNames = ["firstName", "birthday", "phone"] as const;
export type ExtraFieldName = (typeof extraFieldNames)[number];

/**
 * Asked after the subscription, sent with the token its answer carried (a client can write only the
 * subscriber it just created). The phone has its own consent line ([STORE_NAME] filled), ticked to give one.
 */
export type ExtraFieldsStep = {
  enabled: boolean;
  title: string;
  fields: Record<ExtraFieldName, boolean>;
  phoneConsentText: string;
  buttonText: string;
  skipText: string;
};

export type PopupSteps = { opener: OpenerStep; extraFields: ExtraFieldsStep };

export const defaultPopupSteps: PopupSteps = {
  opener: {
    enabled: false,
    question: "Want [OFFER] on your first order?",
    yesText: "Yes, please",
    noText: "No thanks",
  },
  extraFields: {
    enabled: false,
    title: "Tell us a little more",
    fields: { firstName: true, birthday: true, phone: false },
    phoneConsentText:
      "I agree to receive text messages from [STORE_NAME]. Reply STOP to opt out at any time.",
    buttonText: "Save",
    skipText: "Skip",
  },
};

/** The steps in the order a visitor meets them; each counts views and continues (the stats' funnel). */
export const stepIds = ["opener", "email", "extraFields", "success"] as const;
export type StepId = (typeof stepIds)[number];

/** The steps a popup shows, in order. */
export function stepSequence(steps: PopupSteps): StepId[] {
  return stepIds.filter((id) => (id === "opener" || id === "extraFields" ? steps[id].enabled : true));
}

/**
 * Where a visitor goes from `step`: the next step, or null (the popup closes). "no" on the opener closes;
 * an accepted subscription goes to the extra fields only with the token that lets it write them.
 */
export function nextStep(
  steps: PopupSteps,
  step: StepId,
  answer: { yes?: boolean; extraFieldsToken?: string } = {},
): StepId | null {
  if (step === "opener") return answer.yes ? "email" : null;
  if (step === "email")
    return steps.extraFields.enabled && answer.extraFieldsToken ? "extraFields" : "success";
  return step === "extraFields" ? "success" : null;
}

/** The body of POST /api/public/stores/:storeId/extra-fields. */
export type ExtraFieldsRequest = {
  token: string;
  firstName?: string;
  /** Day and month only ("31", "12"): the year is never asked. */
  birthdayDay?: string;
  birthdayMonth?: string;
  phone?: string;
  /** The phone's consent line was ticked. */
  phoneConsent?: boolean;
  /** The language the popup showed in (popup/languages.ts): the server answers in it. */
  language?: string;
};

/** The extra fields' messages by field, in English (the server says them in the subscriber's language). */
export const EXTRA_FIELD_MESSAGES = {
  firstName: STEP_MESSAGES_ENGLISH.firstNameTooLong,
  birthday: STEP_MESSAGES_ENGLISH.birthdayInvalid,
  phone: STEP_MESSAGES_ENGLISH.phoneInvalid,
  phoneConsent: STEP_MESSAGES_ENGLISH.phoneConsentMissing,
} as const;

/** Days in each month, February with its leap day (no year is asked). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A birthday as { day, month } when both are given and real, null when both are empty, else undefined. */
export function parseBirthday(day = "", month = ""): { day: number; month: number } | null | undefined {
  if (!day.trim() && !month.trim()) return null;
  const d = Number(day);
  const m = Number(month);
  return Number.isInteger(d) && Number.isInteger(m) && d >= 1 && d <= (MONTH_DAYS[m - 1] ?? 0)
    ? { day: d, month: m }
    : undefined;
}

/** The extra fields' errors by field (the browser and the server run the same checks). */
export function validateExtraFields(
  values: Omit<ExtraFieldsRequest, "token">,
  fields: Record<ExtraFieldName, boolean>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const phone = fields.phone ? (values.phone || "").trim() : "";
  if (fields.firstName && (values.firstName || "").trim().length > 100)
    errors.firstName = EXTRA_FIELD_MESSAGES.firstName;
  if (fields.birthday && parseBirthday(values.birthdayDay, values.birthdayMonth) === undefined)
    errors.birthday = EXTRA_FIELD_MESSAGES.birthday;
  if (phone && (!/^\+?[\d ()./-]{6,24}$/.test(phone) || phone.replace(/\D/g, "").length < 6))
    errors.phone = EXTRA_FIELD_MESSAGES.phone;
  else if (phone && !values.phoneConsent) errors.phoneConsent = EXTRA_FIELD_MESSAGES.phoneConsent;
  return errors;
}
