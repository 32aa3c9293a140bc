import { z } from "zod";

/** A step's plain text (the popup escapes it): required, trimmed, at most `max` characters. */
const stepText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A popup's (or a variant's) steps, as PUT sends them: whole, each text required (popup/steps.ts). */
export const popupStepsSchema = z
  .object({
    opener: z
      .object({
        enabled: z.boolean({ error: "Opener: say whether it is on" }),
        question: stepText("Opener question", 200),
        yesText: stepText("Opener yes button", 40),
        noText: stepText("Opener no button", 40),
      })
      .strict(),
    extraFields: z
      .object({
        enabled: z.boolean({ error: "Extra fields: say whether they are on" }),
        title: stepText("Extra fields title", 200),
        fields: z
          .object({ firstName: z.boolean(), birthday: z.boolean(), phone: z.boolean() })
          .strict()
          .refine(
            (fields) => fields.firstName || fields.birthday || fields.phone,
            "Extra fields: ask for at least one of first name, birthday and phone",
          ),
        phoneConsentText: stepText("Phone consent text", 500),
        buttonText: stepText("Extra fields button", 40),
        skipText: stepText("Extra fields skip link", 40),
      })
      .strict(),
  })
  .strict();
