import { z } from "zod";
import { offerKinds } from "../../../popup/offer";
import { MAX_WHEEL_SLICES, MIN_WHEEL_SLICES } from "../../../popup/prize-wheel";
import { colour, discountCodeText } from "./popup-values";

/** What a popup's code gives (popup/offer.ts, docs/decisions/181), and its prize wheel (docs/decisions/182). */

export const OFFER_MESSAGES = {
  kind: "Offer type must be percentage, fixed-amount or free-shipping",
  percentage: "Discount percentage must be between 1 and 100",
  amount: "Discount amount must be more than 0 (in the store's currency)",
  minimum: "Minimum subtotal must be at least 0 (empty: any order)",
  slices: `A prize wheel has ${MIN_WHEEL_SLICES} to ${MAX_WHEEL_SLICES} slices`,
  weight: "Slice weights are whole numbers from 0 to 1000",
  noChance: "At least one slice needs a weight above 0",
  label: "Slice labels are 1 to 30 characters",
} as const;

const percentage = z
  .number({ error: "Discount percentage must be a number" })
  .int("Discount percentage must be a whole number")
  .min(1, OFFER_MESSAGES.percentage)
  .max(100, OFFER_MESSAGES.percentage);

const money = (message: string, min: number) =>
  z
    .number({ error: message })
    .min(min, message)
    .max(1_000_000, "The amount is too large")
    .transform((value) => Math.round(value * 100) / 100);

/** Empty and 0 both mean any order. */
const minimumSubtotal = money(OFFER_MESSAGES.minimum, 0)
  .nullable()
  .transform((value) => value || null);

/** A popup's own offer, as PUT/PATCH …/popups/:popupId take it (each field optional there). */
export const offerFields = {
  offerKind: z.enum(offerKinds, { error: OFFER_MESSAGES.kind }),
  discountPercentage: percentage,
  discountAmount: money(OFFER_MESSAGES.amount, 0.01),
  minimumSubtotal,
};

/** A slice's prize: an offer with the figure its kind needs, and the code it is given with. */
const prize = z
  .object({
    kind: offerFields.offerKind,
    percentage: z.number({ error: OFFER_MESSAGES.percentage }).int().min(0).max(100).default(0),
    amount: money(OFFER_MESSAGES.amount, 0).default(0),
    minimumSubtotal: minimumSubtotal.default(null),
    code: discountCodeText.min(1, "Each prize needs its discount code"),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.kind === "percentage" && value.percentage < 1)
      context.addIssue({ code: "custom", message: OFFER_MESSAGES.percentage, path: ["percentage"] });
    if (value.kind === "fixed-amount" && !(value.amount > 0))
      context.addIssue({ code: "custom", message: OFFER_MESSAGES.amount, path: ["amount"] });
  });

const slice = z
  .object({
    label: z
      .string({ error: OFFER_MESSAGES.label })
      .trim()
      .min(1, OFFER_MESSAGES.label)
      .max(30, OFFER_MESSAGES.label),
    color: colour("Slice colour"),
    weight: z
      .number({ error: OFFER_MESSAGES.weight })
      .int(OFFER_MESSAGES.weight)
      .min(0, OFFER_MESSAGES.weight)
      .max(1000, OFFER_MESSAGES.weight),
    /** null: the "no prize" slice. */
    prize: prize.nullable(),
  })
  .strict();

/** A prize wheel instead of the fixed offer, or null (none). */
export const prizeWheel = z
  .object({
    slices: z
      .array(slice, { error: OFFER_MESSAGES.slices })
      .min(MIN_WHEEL_SLICES, OFFER_MESSAGES.slices)
      .max(MAX_WHEEL_SLICES, OFFER_MESSAGES.slices)
      .refine((slices) => slices.some((each) => each.weight > 0), OFFER_MESSAGES.noChance),
  })
  .strict()
  .nullable();
