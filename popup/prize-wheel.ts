/**
 * A popup's prize wheel (docs/decisions/182): 3–8 slices, each with its label, colour, weight and prize (an
 * offer with its code, or none). The server draws the slice at subscribe time; the storefront sees only the
 * labels and colours, and turns the wheel to the slice the subscription's answer names.
 */
import type { Offer } from "./offer";

export const MIN_WHEEL_SLICES = 3;
export const MAX_WHEEL_SLICES = 8;

/** A slice's prize: what its code gives, and the code (a Shopify store's subscribers get their own from it). */
export type WheelPrize = Offer & { code: string };

export type WheelSlice = { label: string; color: string; weight: number; prize: WheelPrize | null };
export type PrizeWheel = { slices: WheelSlice[] };

/** What the storefront gets of a wheel: no weights, no offers, no codes. */
export type PublicWheel = { slices: { label: string; color: string }[] };

/**
 * The subscription's answer names the slice drawn (its index) and, for a prize, its phrase ("free shipping
 * on your order") and the success view's line with it, in the subscriber's language; the prize's code, if
 * any, comes as the discount code.
 */
export type DrawnSlice = { slice: number; label: string; won: boolean; phrase?: string; useCode?: string };

/** What a subscriber won, kept on them: the slice as it was when drawn. */
export type WheelDraw = { slice: number; label: string; prize: WheelPrize | null };

export const toPublicWheel = (wheel: PrizeWheel): PublicWheel => ({
  slices: wheel.slices.map(({ label, color }) => ({ label, color })),
});

/** The slices with a prize: their place on the wheel (from 0, as a draw names it), label and prize code. */
export function prizeSlices(wheel: PrizeWheel | null): { slice: number; label: string; code: string }[] {
  return (wheel?.slices ?? []).flatMap(({ label, prize }, slice) =>
    prize ? [{ slice, label, code: prize.code }] : [],
  );
}

/** Each slice's chance in percent, as the builder shows it (one decimal); all 0 when no slice has weight. */
export function sliceChances(slices: Pick<WheelSlice, "weight">[]): number[] {
  const total = slices.reduce((sum, slice) => sum + Math.max(0, slice.weight), 0);
  return slices.map((slice) => (total ? Math.round((Math.max(0, slice.weight) / total) * 1000) / 10 : 0));
}

export const defaultPrizeWheel: PrizeWheel = {
  slices: [
    {
      label: "10% off",
      color: "#f59e0b",
      weight: 40,
      prize: { kind: "percentage", percentage: 10, amount: 0, minimumSubtotal: null, code: "SPIN10" },
    },
    { label: "No luck", color: "#6b7280", weight: 20, prize: null },
    {
      label: "Free shipping",
      color: "#10b981",
      weight: 30,
      prize: { kind: "free-shipping", percentage: 0, amount: 0, minimumSubtotal: null, code: "SPINSHIP" },
    },
    {
      label: "20% off",
      color: "#ef4444",
      weight: 10,
      prize: { kind: "percentage", percentage: 20, amount: 0, minimumSubtotal: null, code: "SPIN20" },
    },
  ],
};
