import { describe, expect, it } from "vitest";
import { subscribeBodySchema } from "~/lib/schemas/subscribe";
import { drawnSlice, drawSlice, type RandomSource } from "~/services/popups/prize-draw.server";
import { defaultPrizeWheel, type PrizeWheel } from "../../popup/prize-wheel";

/** mulberry32: the same seed, the same numbers in [0, 1). */
function seeded(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const wheel = defaultPrizeWheel; // weights 40, 20, 30, 10
const fixed =
  (value: number): RandomSource =>
  () =>
    value;

describe("the server's draw", () => {
  it("gives each slice the share of the weights its weight is", () => {
    expect(drawSlice(wheel, fixed(0)).slice).toBe(0);
    expect(drawSlice(wheel, fixed(0.399)).slice).toBe(0);
    expect(drawSlice(wheel, fixed(0.4)).slice).toBe(1);
    expect(drawSlice(wheel, fixed(0.6)).slice).toBe(2);
    expect(drawSlice(wheel, fixed(0.9)).slice).toBe(3);
    expect(drawSlice(wheel, fixed(0.999999)).slice).toBe(3);
  });

  it("draws known prizes from known seeds", () => {
    const draws = (seed: number) => {
      const random = seeded(seed);
      return Array.from({ length: 8 }, () => drawSlice(wheel, random).slice);
    };
    expect(draws(42)).toEqual(draws(42));
    expect(draws(42)).toEqual([2, 1, 2, 2, 0, 1, 0, 2]);
    expect(draws(7)).toEqual([0, 0, 3, 2, 1, 1, 1, 0]);
  });

  it("keeps to the weights over many draws and never lands on a slice without weight", () => {
    const weighted: PrizeWheel = {
      slices: wheel.slices.map((slice, index) => ({ ...slice, weight: [3, 0, 1, 0][index] ?? 0 })),
    };
    const random = seeded(2026);
    const drawn = Array.from({ length: 10_000 }, () => drawSlice(weighted, random).slice);
    const counts = [0, 1, 2, 3].map((slice) => drawn.filter((each) => each === slice).length);
    expect(counts[1]).toBe(0);
    expect(counts[3]).toBe(0);
    expect(counts[0]).toBeGreaterThan(7_300);
    expect(counts[0]).toBeLessThan(7_700);
  });

  it("keeps the slice's prize for the subscriber, and answers the slice and the prize's words only", () => {
    const draw = drawSlice(wheel, fixed(0.65));
    expect(draw).toEqual({ slice: 2, label: "Free shipping", prize: wheel.slices[2]?.prize });
    expect(drawnSlice(draw, "EUR", "en")).toEqual({
      slice: 2,
      label: "Free shipping",
      won: true,
      phrase: "free shipping on your order",
      useCode: "Use this code at checkout to get free shipping on your order.",
    });
    expect(drawnSlice(drawSlice(wheel, fixed(0.5)), "EUR", "en")).toEqual({
      slice: 1,
      label: "No luck",
      won: false,
    });
  });

  it("never reads a prize the client sends: the subscription body has no place for one", () => {
    const body = subscribeBodySchema.parse({
      email: "a@acme.example",
      wheel: { slice: 3 },
      prize: { code: "SPIN20" },
      discountCode: "SPIN20",
      slice: 3,
    });
    expect(body).toEqual({ email: "a@acme.example" });
  });
});
