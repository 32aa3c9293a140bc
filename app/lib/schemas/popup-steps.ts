import { z } from "zod";
import type { PopupSteps } from "../../../popup/steps";

/** A step's plain text (the popup escapes it): required, trimmed, at most `max` characters. */
const stepText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const openerSchema = z
  .object({
    enabled: z.boolean({ error: "Opener: say whether it is on" }),
    question: stepText("Opener question", 200),
    yesText: stepText("Opener yes button", 40),
    noText: stepText("Opener no button", 40),
  })
  .strict();

const extraFieldsSchema = z
  .object({
    enabled: z.boolean({ error: "Extra fields: say whether they are on" }),
    title: stepText("Extra fields title", 200),
    fields: z.object({ firstName: z.boolean(), birthday: z.boolean(), phone: z.boolean() }).strict(),
    phoneConsentText: stepText("Phone consent text", 500),
    buttonText: stepText("Extra fields button", 40),
    skipText: stepText("Extra fields skip link", 40),
  })
  .strict();

export const NO_EXTRA_FIELD = "Extra fields: ask for at least one of first name, birthday and phone";

/** Whether steps as stored would ask for nothing on their extra-fields step. */
export const asksNoExtraField = ({ extraFields }: PopupSteps) =>
  extraFields.enabled && !Object.values(extraFields.fields).some(Boolean);

/** A variant's own steps: whole (a variant's overrides replace the popup's), each text required. */
export const popupStepsSchema = z
  .object({ opener: openerSchema, extraFields: extraFieldsSchema })
  .strict()
  .refine((steps) => !asksNoExtraField(steps), { message: NO_EXTRA_FIELD, path: ["extraFields", "fields"] });

/** A change of a popup's steps (PUT): any part, merged with what is stored (services/popups/changes.ts). */
export const popupStepsChangeSchema = z
  .object({
    opener: openerSchema.partial(),
    extraFields: extraFieldsSchema.extend({ fields: extraFieldsSchema.shape.fields.partial() }).partial(),
  })
  .partial()
  .strict();
