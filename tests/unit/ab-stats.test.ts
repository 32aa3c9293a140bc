import { describe, expect, it } from "vitest";
import {
  type ComparedVariant,
  conversionRate,
  EXACT_SUM_LIMIT,
  MINIMUM_SAMPLE,
  normalCdf,
  probabilityToBeat,
  twoProportionTest,
  WINNER_PROBABILITY,
  winnerOf,
} from "~/lib/ab-stats";

const counts = (subscribers: number, impressions: number) => ({ subscribers, impressions });

describe("conversionRate", () => {
  it("is subscribers over impressions, and 0 before anybody saw the variant", () => {
    expect(conversionRate(counts(25, 200))).toBe(0.125);
    expect(conversionRate(counts(0, 0))).toBe(0);
  });
});

describe("normalCdf", () => {
  // Values of Φ from the standard normal table (and scipy.stats.norm.cdf to 16 digits).
  it.each([
    [0, 0.5],
    [0.5, 0.6914624612740131],
    [1, 0.8413447460685429],
    [1.96, 0.9750021048517795],
    [-1.96, 0.0249978951482205],
    [-3, 0.0013498980316301],
    [-8, 6.22096057427174e-16],
  ])("Φ(%d) = %d", (x, expected) => {
    expect(Math.abs(normalCdf(x) - expected)).toBeLessThan(1e-12);
  });

  it("keeps the far tail's digits instead of rounding it to 0 or 1", () => {
    expect(normalCdf(-8)).toBeGreaterThan(0);
    expect(normalCdf(-8) / 6.22096057427174e-16).toBeCloseTo(1, 6);
    expect(normalCdf(40)).toBe(1);
    expect(normalCdf(-40)).toBe(0);
  });
});

describe("twoProportionTest", () => {
  // Pooled z and two-sided p by hand: 200/1000 vs 250/1000 → pooled 0.225, SE = √(0.225·0.775·0.002).
  it.each([
    [counts(200, 1000), counts(250, 1000), 2.677397763, 0.00741964926103],
    [counts(10, 100), counts(20, 100), 1.980295086, 0.0476703806562],
    [counts(30, 1000), counts(45, 1000), 1.765469659, 0.0774848651326],
    [counts(120, 2000), counts(100, 2000), -1.3870839643, 0.165416161164],
  ])("%o against %o: z %d, p %d", (control, variant, z, pValue) => {
    const test = twoProportionTest(control, variant);
    expect(test?.z).toBeCloseTo(z, 8);
    expect(Math.abs((test?.pValue ?? 0) - pValue)).toBeLessThan(1e-10);
  });

  it("finds no difference between equal rates, and no evidence when every count is alike", () => {
    expect(twoProportionTest(counts(50, 500), counts(50, 500))).toEqual({ z: 0, pValue: 1 });
    expect(twoProportionTest(counts(0, 300), counts(0, 300))).toEqual({ z: 0, pValue: 1 });
  });

  it("has nothing to say before both variants were seen", () => {
    expect(twoProportionTest(counts(0, 0), counts(5, 50))).toBeNull();
    expect(twoProportionTest(counts(5, 50), counts(0, 0))).toBeNull();
  });
});

describe("probabilityToBeat", () => {
  it("is exactly 2/3 and 1/3 for one impression against none (E[p] of Beta(2,1) and Beta(1,2))", () => {
    expect(probabilityToBeat(counts(0, 0), counts(1, 1))).toBeCloseTo(2 / 3, 12);
    expect(probabilityToBeat(counts(0, 0), counts(0, 1))).toBeCloseTo(1 / 3, 12);
  });

  it.each([counts(0, 0), counts(50, 500), counts(3, 10), counts(900, 1000)])(
    "is 0.5 for identical counts %o",
    (same) => {
      expect(probabilityToBeat(same, same)).toBeCloseTo(0.5, 10);
    },
  );

  // References: scipy quad of ∫ f_variant(t) · F_control(t) dt (1e-13). A 4-million-draw Monte Carlo
  // agreed with the first two to its own precision (0.99625, 0.97517).
  it.each([
    [counts(200, 1000), counts(250, 1000), 0.99628332913],
    [counts(10, 100), counts(20, 100), 0.975173033153],
    [counts(120, 2000), counts(100, 2000), 0.083098080848],
    [counts(30, 1000), counts(45, 1000), 0.960622897711],
    [counts(900, 1000), counts(950, 1000), 0.999990087317],
    [counts(3, 10), counts(7, 10), 0.956945531249],
  ])("%o against %o is %d", (control, variant, expected) => {
    expect(Math.abs(probabilityToBeat(control, variant) - expected)).toBeLessThan(1e-10);
  });

  it("is P(variant > control) = 1 − P(control > variant)", () => {
    const control = counts(40, 700);
    const variant = counts(55, 650);
    expect(probabilityToBeat(control, variant) + probabilityToBeat(variant, control)).toBeCloseTo(1, 10);
  });

  it("stays within 1e-5 of the exact value on both sides of the exact sum's limit", () => {
    expect(EXACT_SUM_LIMIT).toBe(20_000);
    // Exact sum (smallest parameter 19,991) and normal approximation (20,001): scipy quad references.
    expect(
      Math.abs(probabilityToBeat(counts(19990, 60000), counts(20240, 60000)) - 0.936834797304),
    ).toBeLessThan(1e-9);
    expect(
      Math.abs(probabilityToBeat(counts(20000, 60000), counts(20250, 60000)) - 0.936811454021),
    ).toBeLessThan(1e-5);
    expect(
      Math.abs(probabilityToBeat(counts(20000, 1_000_000), counts(20400, 1_000_000)) - 0.977809349509),
    ).toBeLessThan(1e-5);
  });

  it("treats impossible counts (more subscribers than impressions) as every impression subscribing", () => {
    expect(probabilityToBeat(counts(5, 5), counts(9, 5))).toBeCloseTo(0.5, 10);
  });
});

describe("winnerOf", () => {
  const variant = (
    id: string,
    subscribers: number,
    impressions: number,
    probabilityToBeatControl: number | null,
  ): ComparedVariant => ({ id, subscribers, impressions, probabilityToBeatControl });
  const control = variant("control", 200, 1000, null);

  it("names a challenger whose probability to beat the control is at least 95 %", () => {
    expect(WINNER_PROBABILITY).toBe(0.95);
    expect(winnerOf([control, variant("b", 250, 1000, 0.9963)])).toEqual({
      variantId: "b",
      probability: 0.9963,
    });
  });

  it("names nobody below 95 %", () => {
    expect(winnerOf([control, variant("b", 230, 1000, 0.94)])).toBeNull();
  });

  it("picks the most probable of several challengers over the bar", () => {
    const winner = winnerOf([control, variant("b", 250, 1000, 0.97), variant("c", 260, 1000, 0.99)]);
    expect(winner).toEqual({ variantId: "c", probability: 0.99 });
  });

  it("names the control when it beats every challenger at 95 %, with its weakest probability", () => {
    const winner = winnerOf([control, variant("b", 150, 1000, 0.01), variant("c", 160, 1000, 0.03)]);
    expect(winner?.variantId).toBe("control");
    expect(winner?.probability).toBeCloseTo(0.97, 12);
    expect(winnerOf([control, variant("b", 150, 1000, 0.01), variant("c", 190, 1000, 0.3)])).toBeNull();
  });

  it("waits for the minimum sample on both sides of a comparison", () => {
    expect(MINIMUM_SAMPLE).toEqual({ impressions: 100, subscribers: 10 });
    expect(winnerOf([control, variant("b", 9, 20, 0.999)])).toBeNull();
    expect(winnerOf([control, variant("b", 60, 99, 0.999)])).toBeNull();
    expect(winnerOf([variant("control", 9, 1000, null), variant("b", 300, 1000, 0.999)])).toBeNull();
    // The control cannot win while a challenger is still short of the sample.
    expect(winnerOf([control, variant("b", 10, 100, 0.01), variant("c", 0, 40, 0.001)])).toBeNull();
    // A short challenger does not stop a qualified one from winning.
    expect(winnerOf([control, variant("b", 250, 1000, 0.99), variant("c", 0, 40, 0.001)])?.variantId).toBe(
      "b",
    );
  });

  it("names nobody for a popup without a test", () => {
    expect(winnerOf([control])).toBeNull();
    expect(winnerOf([])).toBeNull();
  });
});
