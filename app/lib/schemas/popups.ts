import { z } from "zod";
import { cartValidationTypes, popupAnimations, popupTriggers, popupWidths } from "../../../popup/config";
import { sanitizeInlineHtml } from "../../../popup/sanitize";
import { parseDomainList } from "../../../popup/validation";

/** A money amount: at least 0, kept to cents (SPEC §5: step 0.01). */
const amount = z
  .number({ error: "Amounts must be numbers" })
  .min(0, "Amounts must be at least 0")
  .max(1_000_000_000, "The amount is too large")
  .transform((value) => Math.round(value * 100) / 100);

/** Domains arrive as a comma-separated string from the builder or as a list from the API. */
const domainList = z
  .union([z.string().max(5_000), z.array(z.string().max(253)).max(500)])
  .transform((value) => parseDomainList(Array.isArray(value) ? value.join(",") : value));

const inlineHtml = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .transform(sanitizeInlineHtml);

const fieldToggle = z.boolean();

/** PUT /api/stores/:id/popup — every field optional (the builder sends only what changed). */
export const updatePopupSchema = z
  .object({
    title: inlineHtml("Title", 300),
    subtitle: inlineHtml("Subtitle", 1_000),
    buttonText: z
      .string()
      .trim()
      .min(1, "Button text is required")
      .max(60, "Button text must be at most 60 characters"),
    fields: z
      .object({
        // SPEC §5: the email field cannot be switched off.
        email: z.literal(true, { error: "The email field cannot be switched off" }).default(true),
        name: fieldToggle,
        phone: fieldToggle,
        company: fieldToggle,
        address: fieldToggle,
        street: fieldToggle,
        city: fieldToggle,
        state: fieldToggle,
        zipCode: fieldToggle,
        country: fieldToggle,
      })
      .partial({
        name: true,
        phone: true,
        company: true,
        address: true,
        street: true,
        city: true,
        state: true,
        zipCode: true,
        country: true,
      }),
    emailValidation: z
      .object({ companyEmailsOnly: z.boolean(), allowedDomains: domainList, blockedDomains: domainList })
      .partial(),
    cartValidation: z
      .object({
        enabled: z.boolean(),
        validationType: z.enum(cartValidationTypes),
        minimumAmount: amount,
        maximumAmount: amount,
        belowThreshold: amount,
      })
      .partial(),
    discountCode: z
      .string()
      .trim()
      .min(1, "Discount code is required")
      .max(64, "Discount code must be at most 64 characters")
      .regex(/^[A-Za-z0-9_-]+$/, "Discount code may only contain letters, digits, hyphens and underscores"),
    discountPercentage: z
      .number({ error: "Discount percentage must be a number" })
      .int("Discount percentage must be a whole number")
      .min(1, "Discount percentage must be between 1 and 100")
      .max(100, "Discount percentage must be between 1 and 100"),
    displayTrigger: z.enum(popupTriggers),
    animation: z.enum(popupAnimations),
    layout: z
      .object({
        width: z.enum(popupWidths),
        maxHeightVh: z
          .number()
          .int()
          .min(30, "Max height must be between 30 and 100")
          .max(100, "Max height must be between 30 and 100"),
        showSocialIcons: z.boolean(),
      })
      .partial(),
    showExitIntentIfNotSubscribed: z.boolean(),
    suppressAfterSubscription: z.boolean(),
    isActive: z.boolean(),
  })
  .partial()
  .strict();

export type PopupUpdate = z.infer<typeof updatePopupSchema>;
