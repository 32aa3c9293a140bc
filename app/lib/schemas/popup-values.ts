import { z } from "zod";

/** Values popup settings share: money, colours, discount codes. */

/** A money amount: at least 0, kept to cents (SPEC §5: step 0.01). */
export const amount = z
  .number({ error: "Amounts must be numbers" })
  .min(0, "Amounts must be at least 0")
  .max(1_000_000_000, "The amount is too large")
  .transform((value) => Math.round(value * 100) / 100);

export const colour = (label: string) =>
  z
    .string({ error: `${label} must be a colour` })
    .regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a colour like #1a2b3c`)
    .transform((value) => value.toLowerCase());

/** A discount code as the popup and Shopify take it (empty allowed here; the popup requires one). */
export const discountCodeText = z
  .string()
  .trim()
  .max(64, "Discount code must be at most 64 characters")
  .regex(/^[A-Za-z0-9_-]*$/, "Discount code may only contain letters, digits, hyphens and underscores");
