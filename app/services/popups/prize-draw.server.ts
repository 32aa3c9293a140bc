import { randomInt } from "node:crypto";
import { offerPhrase, useCodeLine } from "~/lib/languages/offer-words";
import type { DrawnSlice, PrizeWheel, WheelDraw } from "../../../popup/prize-wheel";

/** A number in [0, 1): the draw's chance. Subscriptions use the system's; tests pass a seeded one. */
export type RandomSource = () => number;

/** randomInt takes a range below 2^48. */
const RESOLUTION = 2 ** 47;
const systemRandom: RandomSource = () => randomInt(RESOLUTION) / RESOLUTION;

/**
 * The slice a new subscriber wins, drawn here on the server (docs/decisions/182): each slice with the
 * chance of its weight among all weights. Whatever the subscription's body says is never read.
 */
export function drawSlice(wheel: PrizeWheel, random: RandomSource = systemRandom): WheelDraw {
  const weights = wheel.slices.map((slice) => Math.max(0, slice.weight));
  let point = random() * weights.reduce((sum, weight) => sum + weight, 0);
  let index = weights.findIndex((weight) => {
    point -= weight;
    return weight > 0 && point < 0;
  });
  // Rounding can leave the point on the last weighted slice's edge.
  if (index < 0) index = weights.findLastIndex((weight) => weight > 0);
  const slice = wheel.slices[index] ?? wheel.slices[0];
  if (!slice) throw new Error("a prize wheel has slices");
  return { slice: Math.max(0, index), label: slice.label, prize: slice.prize };
}

/**
 * What the subscription's answer says of the draw: the slice to land on and the prize in the subscriber's
 * `language` (docs/decisions/196), never the odds.
 */
export const drawnSlice = (draw: WheelDraw, currency: string, language: string): DrawnSlice => ({
  slice: draw.slice,
  label: draw.label,
  won: draw.prize !== null,
  ...(draw.prize
    ? {
        phrase: offerPhrase(draw.prize, currency, language),
        useCode: useCodeLine(draw.prize, currency, language),
      }
    : {}),
});
