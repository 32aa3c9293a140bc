import { z } from "zod";
import {
  BUILT_IN_ENGLISH,
  EMAIL_TEXT_KEYS,
  type TextKey,
  WRITTEN_TEXT_KEYS,
  type WrittenTextKey,
} from "../../../popup/texts";

/**
 * The longest each text may be: the popup's (or its steps') own field's limit, the email template's, 300 for
 * a built-in one.
 */
const MAX_LENGTH: Partial<Record<TextKey, number>> = {
  title: 300,
  subtitle: 1_000,
  buttonText: 60,
  consentText: 500,
  teaserText: 40,
  openerQuestion: 200,
  openerYes: 40,
  openerNo: 40,
  extraFieldsTitle: 200,
  extraFieldsButton: 40,
  extraFieldsSkip: 40,
  phoneConsentText: 500,
  emailSubject: 200,
  emailHeader: 200,
  emailBody: 10_000,
};

export const TRANSLATABLE_KEYS: TextKey[] = [
  ...WRITTEN_TEXT_KEYS,
  ...(Object.keys(BUILT_IN_ENGLISH) as TextKey[]),
  "confirm",
  "sentToInbox",
  ...EMAIL_TEXT_KEYS,
];

/** A text of a language; an emptied one is dropped (it falls back again: docs/decisions/184). */
const translation = (key: TextKey) =>
  z
    .string({ error: "Translations must be text" })
    .trim()
    .max(
      MAX_LENGTH[key] ?? 300,
      `Translations of ${key} must be at most ${MAX_LENGTH[key] ?? 300} characters`,
    );

const textsSchema = z
  .object(Object.fromEntries(TRANSLATABLE_KEYS.map((key) => [key, translation(key)])))
  .partial()
  .strict()
  .transform((texts) => Object.fromEntries(Object.entries(texts).filter(([, text]) => text)));

export const LANGUAGE_MESSAGES = {
  code: "Languages are codes like de, fr or pt-br",
  duplicate: "Each language once",
  defaultWritten:
    "The default language's title, subtitle, button, consent and teaser texts and its steps' texts are the popup's own: edit them in Content and Steps",
} as const;

/** A BCP 47 language tag as the storefront compares them: lowercase, a language and an optional region. */
const languageCode = z
  .string({ error: LANGUAGE_MESSAGES.code })
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, LANGUAGE_MESSAGES.code);

const writtenKeys: readonly string[] = WRITTEN_TEXT_KEYS satisfies readonly WrittenTextKey[];

/** A popup's languages: 1–20, its default first, each once. */
export const popupLanguagesSchema = z
  .array(z.object({ code: languageCode, texts: textsSchema.default({}) }).strict())
  .min(1, "A popup speaks at least one language")
  .max(20, "A popup speaks at most 20 languages")
  .refine(
    (languages) => new Set(languages.map(({ code }) => code)).size === languages.length,
    LANGUAGE_MESSAGES.duplicate,
  )
  .refine(
    ([byDefault]) => !Object.keys(byDefault?.texts ?? {}).some((key) => writtenKeys.includes(key)),
    LANGUAGE_MESSAGES.defaultWritten,
  );
