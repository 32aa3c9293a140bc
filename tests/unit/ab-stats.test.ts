import { describe, expect, it } from "vitest";
import {
  compareVariants,
  conversionRate,
  EXACT_SUM_LIMIT,
  EXPECTED_LOSS_THRESHOLD,
  isWinner,
  leaderOf,
  normalCdf,
  probabilityToBeat,
  twoProportionTest,
  type VariantCounts,
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

/** Beta(α + 1, β) as counts: one impression and one subscriber more. */
const plusOne = ({ subscribers, impressions }: VariantCounts) => counts(subscribers + 1, impressions + 1);
const posteriorMean = ({ subscribers, impressions }: VariantCounts) => (1 + subscribers) / (2 + impressions);

/**
 * The exact expected loss of keeping `kept` when `other` may be better, from the exact sums of
 * probabilityToBeat: E[max(Y − X, 0)] = E[Y]·P(Y⁺ > X) − E[X]·P(Y > X⁺), where Z⁺ ~ Beta(α + 1, β).
 */
function exactLoss(kept: VariantCounts, other: VariantCounts): number {
  return (
    posteriorMean(other) * probabilityToBeat(kept, plusOne(other)) -
    posteriorMean(kept) * probabilityToBeat(plusOne(kept), other)
  );
}

describe("compareVariants", () => {
  it.each([
    ["nobody seen yet", counts(0, 0), counts(0, 0)],
    ["a clear difference", counts(200, 1000), counts(250, 1000)],
    ["a small shop's fortnight", counts(15, 300), counts(24, 300)],
    ["an unseen challenger", counts(0, 20), counts(0, 0)],
    ["no subscriber in 5,000 views against half of 40", counts(0, 5000), counts(20, 40)],
    ["two million views against thirty", counts(100_000, 2_000_000), counts(1, 30)],
  ])("agrees with the exact sums for two variants: %s", (_name, control, challenger) => {
    const [kept, other] = compareVariants([control, challenger]);
    expect(Math.abs((other?.probabilityToBeBest ?? 0) - probabilityToBeat(control, challenger))).toBeLessThan(
      1e-5,
    );
    expect((kept?.probabilityToBeBest ?? 0) + (other?.probabilityToBeBest ?? 0)).toBeCloseTo(1, 12);
    expect(Math.abs((kept?.expectedLoss ?? 0) - exactLoss(control, challenger))).toBeLessThan(1e-6);
    expect(Math.abs((other?.expectedLoss ?? 0) - exactLoss(challenger, control))).toBeLessThan(1e-6);
  });

  it("is 1/2 each and a loss of 1/6 before anybody saw either (two uniform rates: E[max] = 2/3)", () => {
    const odds = compareVariants([counts(0, 0), counts(0, 0)]);
    for (const entry of odds) {
      expect(entry.probabilityToBeBest).toBeCloseTo(0.5, 9);
      expect(entry.expectedLoss).toBeCloseTo(1 / 6, 6);
    }
  });

  it.each([
    [
      [counts(50, 1000), counts(60, 1000), counts(70, 1000)],
      [
        [0.017799363687, 0.021130355865],
        [0.177880803914, 0.011150315945],
        [0.804319832399, 0.001170276025],
      ],
    ],
    [
      [counts(3, 40), counts(5, 40), counts(0, 0), counts(9, 60)],
      [
        [0.015059749933, 0.42268060911],
        [0.066853746848, 0.375061561491],
        [0.815876516997, 0.017918704348],
        [0.102209986222, 0.356628381768],
      ],
    ],
  ])("agrees with mpmath's quadrature for several variants (%#)", (variants, references) => {
    const odds = compareVariants(variants);
    references.forEach(([best = 0, loss = 0], index) => {
      expect(Math.abs((odds[index]?.probabilityToBeBest ?? 0) - best)).toBeLessThan(1e-5);
      expect(Math.abs((odds[index]?.expectedLoss ?? 0) - loss)).toBeLessThan(1e-6);
    });
    expect(odds.reduce((sum, entry) => sum + entry.probabilityToBeBest, 0)).toBeCloseTo(1, 12);
  });

  it("gives the same answer every time (no random draws)", () => {
    const variants = [counts(15, 300), counts(24, 300), counts(19, 280)];
    expect(compareVariants(variants)).toEqual(compareVariants(variants));
  });

  it("calls a lone variant certain, with nothing to lose", () => {
    expect(compareVariants([counts(3, 90)])).toEqual([{ probabilityToBeBest: 1, expectedLoss: 0 }]);
    expect(compareVariants([])).toEqual([]);
  });
});

describe("leaderOf and isWinner", () => {
  const test = (...variants: VariantCounts[]) =>
    leaderOf(compareVariants(variants).map((odds, index) => ({ id: `v${index}`, ...odds })));

  it("waits for an expected loss under 0.05 percentage points", () => {
    expect(EXPECTED_LOSS_THRESHOLD).toBe(0.0005);
  });

  it("names a small shop's clear winner: 2 % against 8 % over 200 views each", () => {
    const leader = test(counts(4, 200), counts(16, 200));
    expect(leader?.variantId).toBe("v1");
    expect(leader?.probability).toBeGreaterThan(0.99);
    expect(leader?.expectedLoss).toBeLessThan(EXPECTED_LOSS_THRESHOLD);
    expect(isWinner(leader)).toBe(true);
  });

  it("keeps a leader without naming it while the risk is larger: 93 % after 300 views each", () => {
    const leader = test(counts(15, 300), counts(24, 300));
    expect(leader?.variantId).toBe("v1");
    expect(leader?.probability).toBeCloseTo(0.93, 3);
    expect(leader?.expectedLoss).toBeCloseTo(0.000635, 5);
    expect(isWinner(leader)).toBe(false);
  });

  it("names the control when it is the safer choice", () => {
    const leader = test(counts(120, 1000), counts(60, 1000), counts(70, 1000));
    expect(leader?.variantId).toBe("v0");
    expect(isWinner(leader)).toBe(true);
  });

  it("names nothing before anyone saw the popup, and keeps the control as the leader", () => {
    const leader = test(counts(0, 0), counts(0, 0));
    expect(leader?.variantId).toBe("v0");
    expect(isWinner(leader)).toBe(false);
  });

  it("has no leader for a popup without a test", () => {
    expect(test(counts(5, 50))).toBeNull();
    expect(test()).toBeNull();
    expect(isWinner(null)).toBe(false);
  });
});
