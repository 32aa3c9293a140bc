import { z } from "zod";
import { optionalFieldNames, type SubscribeRequest } from "../../../popup/config";
import type { ExtraFieldsRequest } from "../../../popup/steps";
import { MAX_EMAIL_LENGTH, MAX_FIELD_LENGTH } from "../../../popup/validation";

/** Control characters (CR, LF, NUL…) never reach storage or mail headers: they are removed. */
const withoutControlCharacters = (value: string) => value.replace(/\p{Cc}/gu, " ").trim();

const text = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform((value) => withoutControlCharacters(value).slice(0, max));

/**
 * The public subscribe body: shapes and sizes only. The popup's own rules (SPEC §5 messages) run
 * afterwards through popup/validation.ts, the same module the browser uses.
 */
export const subscribeBodySchema = z.object({
  email: text(MAX_EMAIL_LENGTH).default(""),
  ...Object.fromEntries(optionalFieldNames.map((field) => [field, text(MAX_FIELD_LENGTH).optional()])),
  popupId: z.string().max(64).optional(),
  variantId: z.string().max(64).optional(),
  pageUrl: text(2048).optional(),
  sessionId: text(64).optional(),
  website: z.string().max(1000).optional(),
  proof: z.string().max(200).optional(),
  viewToken: z.string().max(100).optional(),
  language: z.string().max(35).optional(),
  preview: z.string().max(120).optional(),
}) as z.ZodType<SubscribeRequest>;

/** The public extra-fields body (popup/steps.ts): shapes and sizes; the step's rules run afterwards. */
export const extraFieldsBodySchema = z.object({
  token: z.string().max(120),
  firstName: text(MAX_FIELD_LENGTH).optional(),
  birthdayDay: z.string().max(2).optional(),
  birthdayMonth: z.string().max(2).optional(),
  phone: text(40).optional(),
  phoneConsent: z.boolean().optional(),
  language: z.string().max(35).optional(),
}) as z.ZodType<ExtraFieldsRequest>;
