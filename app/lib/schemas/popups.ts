import { z } from "zod";
import {
  cartValidationTypes,
  MAX_VARIANTS,
  popupAnimations,
  popupAudiences,
  popupFonts,
  popupPositions,
  popupTriggers,
  popupWidths,
} from "../../../popup/config";
import { sanitizeInlineHtml } from "../../../popup/sanitize";
import { parseDomainList } from "../../../popup/validation";
import { offerFields, prizeWheel } from "./offers";
import { popupLanguagesSchema } from "./popup-languages";
import { popupStepsChangeSchema, popupStepsSchema } from "./popup-steps";
import { amount, colour, discountCodeText } from "./popup-values";

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

const designFields = {
  backgroundColor: colour("Background colour"),
  textColor: colour("Text colour"),
  buttonColor: colour("Button colour"),
  buttonTextColor: colour("Button text colour"),
  overlayColor: colour("Overlay colour"),
  overlayOpacity: z
    .number({ error: "Overlay opacity must be a number" })
    .int("Overlay opacity must be a whole number")
    .min(0, "Overlay opacity must be between 0 and 100")
    .max(100, "Overlay opacity must be between 0 and 100"),
  cornerRadius: z
    .number({ error: "Corner radius must be a number" })
    .int("Corner radius must be a whole number")
    .min(0, "Corner radius must be between 0 and 40")
    .max(40, "Corner radius must be between 0 and 40"),
  font: z.enum(popupFonts),
  imageId: z.uuid("Upload the image first").nullable(),
  position: z.enum(popupPositions),
};

const buttonText = z
  .string()
  .trim()
  .min(1, "Button text is required")
  .max(60, "Button text must be at most 60 characters");

/**
 * The consent sentence under the button: plain text (the popup escapes it), [STORE_NAME] for the store's
 * name. It cannot be emptied: a subscription must show what the visitor agrees to.
 */
const consentText = z
  .string({ error: "Consent text must be text" })
  .trim()
  .min(1, "Consent text is required: visitors must see what they agree to")
  .max(500, "Consent text must be at most 500 characters");

/** A URL path pattern: starts with "/", `*` for any characters. */
const pagePattern = z
  .string()
  .trim()
  .min(1, "Page patterns cannot be empty")
  .max(200, "Page patterns must be at most 200 characters")
  .regex(/^\/[^\s?#]*$/, "Page patterns are paths starting with / (like /products/*), without ? or #");

const patternList = z.array(pagePattern).max(20, "At most 20 page patterns");

const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time` }).nullable();

export const TARGETING_MESSAGES = {
  noDevice: "Choose at least one device: with neither, the popup shows to nobody",
  endBeforeStart: "The end must be after the start",
} as const;

/**
 * The targeting rules that read two fields at once, as messages by field path. The schema applies them to
 * what a change carries; the server applies them again to the popup as it would be stored, so a change of
 * one field cannot leave the pair wrong.
 */
export function targetingRuleErrors(targeting: {
  devices?: { desktop?: boolean; mobile?: boolean };
  startsAt?: string | null;
  endsAt?: string | null;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  const { devices, startsAt, endsAt } = targeting;
  if (devices?.desktop === false && devices.mobile === false) {
    errors["targeting.devices"] = TARGETING_MESSAGES.noDevice;
  }
  if (startsAt && endsAt && !(Date.parse(endsAt) > Date.parse(startsAt))) {
    errors["targeting.endsAt"] = TARGETING_MESSAGES.endBeforeStart;
  }
  return errors;
}

const targetingSchema = z
  .object({
    pages: z.object({ include: patternList, exclude: patternList }).partial(),
    devices: z.object({ desktop: z.boolean(), mobile: z.boolean() }).partial(),
    visitors: z.enum(popupAudiences),
    sources: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .min(1, "Traffic sources cannot be empty")
          .max(100, "Traffic sources must be at most 100 characters")
          .regex(/^[a-z0-9._-]+$/, "A traffic source is a utm_source value or a host name"),
      )
      .max(20, "At most 20 traffic sources"),
    startsAt: instant("Start"),
    endsAt: instant("End"),
  })
  .partial()
  .strict()
  .superRefine((value, context) => {
    for (const [path, message] of Object.entries(targetingRuleErrors(value))) {
      // Paths relative to the targeting object, which sits under "targeting" in a change.
      context.addIssue({ code: "custom", message, path: path.split(".").slice(1) });
    }
  });

const variantSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9-]{1,24}$/, "Variant ids are up to 24 lowercase letters, digits or hyphens")
      .optional(),
    name: z
      .string()
      .trim()
      .min(1, "Variant name is required")
      .max(40, "Variant names are at most 40 characters"),
    weight: z
      .number({ error: "Traffic weight must be a number" })
      .int("Traffic weight must be a whole number")
      .min(0, "Traffic weight must be between 0 and 100")
      .max(100, "Traffic weight must be between 0 and 100"),
    overrides: z
      .object({
        title: inlineHtml("Title", 300),
        subtitle: inlineHtml("Subtitle", 1_000),
        buttonText,
        consentText,
        design: z.object(designFields).partial().strict(),
        steps: popupStepsSchema,
      })
      .partial()
      .strict()
      .default({}),
  })
  .strict();

const variantsSchema = z
  .array(variantSchema)
  .min(1, "A popup has at least one variant")
  .max(MAX_VARIANTS, `A popup has at most ${MAX_VARIANTS} variants`)
  .refine(
    (variants) => variants.length === 0 || variants.some((variant) => variant.weight > 0),
    "At least one variant needs traffic",
  )
  .refine(
    (variants) =>
      new Set(variants.flatMap((variant) => (variant.id ? [variant.id] : []))).size ===
      variants.filter((variant) => variant.id).length,
    "Variant ids must differ",
  );

/** PUT /api/stores/:id/popup — every field optional (the builder sends only what changed). */
export const updatePopupSchema = z
  .object({
    title: inlineHtml("Title", 300),
    subtitle: inlineHtml("Subtitle", 1_000),
    buttonText,
    consentText,
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
    discountCode: discountCodeText.min(1, "Discount code is required"),
    ...offerFields,
    wheel: prizeWheel,
    codeValidDays: z
      .number({ error: "Days valid must be a number" })
      .int("Days valid must be a whole number")
      .min(1, "Days valid must be between 1 and 365")
      .max(365, "Days valid must be between 1 and 365"),
    codeUsageLimit: z
      .number({ error: "Uses per code must be a number" })
      .int("Uses per code must be a whole number")
      .min(1, "Uses per code must be between 1 and 100")
      .max(100, "Uses per code must be between 1 and 100"),
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
    /** SPEC's pause and resume of a published popup; `status` says the same. */
    isActive: z.boolean(),
    status: z.enum(["live", "paused"], {
      error: "Status is live or paused: a draft goes live when published",
    }),
    name: z.string().trim().min(1, "Popup name is required").max(80, "Popup names are at most 80 characters"),
    targeting: targetingSchema,
    design: z
      .object({
        ...designFields,
        teaser: z
          .object({
            enabled: z.boolean(),
            text: z
              .string()
              .trim()
              .min(1, "Teaser text is required")
              .max(40, "Teaser text must be at most 40 characters"),
          })
          .partial(),
      })
      .partial()
      .strict(),
    variants: variantsSchema,
    languages: popupLanguagesSchema,
    steps: popupStepsChangeSchema,
  })
  .partial()
  .strict();

export type PopupUpdate = z.infer<typeof updatePopupSchema>;

/**
 * POST /api/stores/:id/popups — any popup field, optionally copying another popup of the store. A new popup
 * is a draft until it is published: it takes no status.
 */
export const newPopupSchema = updatePopupSchema
  .omit({ isActive: true, status: true })
  .extend({ duplicateOf: z.uuid("No such popup").optional() });
export type NewPopup = z.infer<typeof newPopupSchema>;

/** PUT /api/stores/:id/popups/order */
export const popupOrderSchema = z
  .object({ popupIds: z.array(z.uuid("No such popup")).min(1).max(100) })
  .strict();

/** POST /api/stores/:id/popups/:popupId/promote */
export const promoteVariantSchema = z.object({ variantId: z.string().min(1).max(24) }).strict();
