/**
 * The statistics of a popup's A/B test, pure and deterministic (no random draws, no dependencies).
 *
 * Two readings of the same counts:
 * - frequentist: a pooled two-proportion z-test's two-sided p-value;
 * - Bayesian: each variant's conversion rate has a Beta(1 + subscribers, 1 + impressions − subscribers)
 *   posterior (a uniform prior), and "probability to beat the control" is P(rate > control's rate).
 * The winner rule reads the Bayesian one: each variant's probability to be the best and its expected loss
 * (compareVariants, leaderOf); a winner is named once the leader's expected loss is small (isWinner).
 */

/** A variant's counts over the period looked at. */
export type VariantCounts = { impressions: number; subscribers: number };

/** The share of impressions that subscribed, 0 when nobody saw the variant. */
export function conversionRate({ impressions, subscribers }: VariantCounts): number {
  return impressions > 0 ? subscribers / impressions : 0;
}

/**
 * Φ(x), the standard normal CDF, by Hart's rational approximation (Hart 1968, in G. West, "Better
 * approximations to cumulative normal functions", 2005): absolute error below 1e-14 over the real line,
 * far inside the 1e-7 a p-value needs. The small tail is computed directly, so 2·Φ(−|z|) keeps its digits.
 */
export function normalCdf(x: number): number {
  const z = Math.abs(x);
  let tail: number;
  if (z > 37) {
    tail = 0;
  } else if (z < 7.07106781186547) {
    const numerator = horner(
      z,
      [
        3.52624965998911e-2, 0.700383064443688, 6.37396220353165, 33.912866078383, 112.079291497871,
        221.213596169931, 220.206867912376,
      ],
    );
    const denominator = horner(
      z,
      [
        8.83883476483184e-2, 1.75566716318264, 16.064177579207, 86.7807322029461, 296.564248779674,
        637.333633378831, 793.826512519948, 440.413735824752,
      ],
    );
    tail = (Math.exp(-(z * z) / 2) * numerator) / denominator;
  } else {
    // The continued fraction of the Mills ratio, for the far tail.
    const fraction = z + 1 / (z + 2 / (z + 3 / (z + 4 / (z + 0.65))));
    tail = Math.exp(-(z * z) / 2) / fraction / Math.sqrt(2 * Math.PI);
  }
  return x > 0 ? 1 - tail : tail;
}

/** A polynomial with its highest coefficient first, evaluated at x. */
function horner(x: number, coefficients: readonly number[]): number {
  return coefficients.reduce((sum, coefficient) => sum * x + coefficient, 0);
}

/**
 * The pooled two-proportion z-test of `variant` against `control`: z > 0 when the variant converts better,
 * and the two-sided p-value. Null when either has no impressions; p = 1 when the pooled rate is 0 or 1
 * (every count alike: no evidence either way).
 */
export function twoProportionTest(
  control: VariantCounts,
  variant: VariantCounts,
): { z: number; pValue: number } | null {
  if (control.impressions <= 0 || variant.impressions <= 0) return null;
  const pooled = (control.subscribers + variant.subscribers) / (control.impressions + variant.impressions);
  const standardError = Math.sqrt(
    pooled * (1 - pooled) * (1 / control.impressions + 1 / variant.impressions),
  );
  if (standardError === 0) return { z: 0, pValue: 1 };
  const z = (conversionRate(variant) - conversionRate(control)) / standardError;
  return { z, pValue: Math.min(1, 2 * normalCdf(-Math.abs(z))) };
}

/** ln Γ(x) for x ≥ 1 by Lanczos' approximation (g = 7, 9 terms): relative error about 1e-15. */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

export function logGamma(x: number): number {
  const shifted = x - 1;
  let series = LANCZOS[0] ?? 1;
  for (let index = 1; index < LANCZOS.length; index += 1) series += (LANCZOS[index] ?? 0) / (shifted + index);
  const t = shifted + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(series);
}

function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/** A Beta distribution's two parameters, both whole numbers ≥ 1 here. */
type Beta = { alpha: number; beta: number };

function posterior({ impressions, subscribers }: VariantCounts): Beta {
  const seen = Math.max(0, impressions);
  const subscribed = Math.min(Math.max(0, subscribers), seen);
  return { alpha: 1 + subscribed, beta: 1 + seen - subscribed };
}

/**
 * Above this many terms the exact sum gives way to the normal approximation. By then every parameter is
 * over 20,000, each Beta is close to a normal (skewness under 2/√20000 ≈ 0.014), and the approximation is
 * within 1e-5 of the exact value (tests/unit/ab-stats.test.ts checks it just past the limit).
 */
export const EXACT_SUM_LIMIT = 20_000;

/**
 * P(X > Y) for X ~ Beta(x), Y ~ Beta(y) with whole-number parameters, by the exact finite sum
 * (E. Miller, "Formulas for Bayesian A/B testing"):
 *   Σ_{i=0}^{αx−1} B(αy+i, βy+βx) / ((βx+i) · B(1+i, βx) · B(αy, βy)),
 * each term in logarithms so large counts neither overflow nor underflow.
 */
function probabilityGreaterBySum(x: Beta, y: Beta): number {
  let total = 0;
  const constant = logBeta(y.alpha, y.beta);
  for (let i = 0; i < x.alpha; i += 1) {
    total += Math.exp(
      logBeta(y.alpha + i, y.beta + x.beta) - Math.log(x.beta + i) - logBeta(1 + i, x.beta) - constant,
    );
  }
  return total;
}

function probabilityGreaterByNormal(x: Beta, y: Beta): number {
  const moments = ({ alpha, beta }: Beta) => {
    const n = alpha + beta;
    return { mean: alpha / n, variance: (alpha * beta) / (n * n * (n + 1)) };
  };
  const mx = moments(x);
  const my = moments(y);
  return normalCdf((mx.mean - my.mean) / Math.sqrt(mx.variance + my.variance));
}

/**
 * The probability that `variant`'s conversion rate is above `control`'s under their Beta posteriors.
 * The exact sum runs over the smallest of the four parameters, using P(X > Y) = 1 − P(Y > X) and
 * P(X > Y) = P(1 − Y > 1 − X) with 1 − X ~ Beta(β, α); accurate to about 1e-11 there, and to 1e-5 with the
 * normal approximation once even the smallest parameter passes EXACT_SUM_LIMIT.
 */
export function probabilityToBeat(control: VariantCounts, variant: VariantCounts): number {
  const x = posterior(variant);
  const y = posterior(control);
  const smallest = Math.min(x.alpha, y.alpha, x.beta, y.beta);
  let probability: number;
  if (smallest > EXACT_SUM_LIMIT) probability = probabilityGreaterByNormal(x, y);
  else if (smallest === x.alpha) probability = probabilityGreaterBySum(x, y);
  else if (smallest === y.alpha) probability = 1 - probabilityGreaterBySum(y, x);
  else if (smallest === y.beta)
    probability = probabilityGreaterBySum({ alpha: y.beta, beta: y.alpha }, { alpha: x.beta, beta: x.alpha });
  else
    probability =
      1 - probabilityGreaterBySum({ alpha: x.beta, beta: x.alpha }, { alpha: y.beta, beta: y.alpha });
  return Math.min(1, Math.max(0, probability));
}

/**
 * The test names a winner once choosing the leader risks an expected loss below this share of visitors:
 * 0.0005 = 0.05 percentage points of conversion rate (docs/decisions/111 says why this figure).
 */
export const EXPECTED_LOSS_THRESHOLD = 0.0005;

/** What the posteriors say about one variant among those compared. */
export type VariantOdds = {
  /** The probability that this variant's conversion rate is the highest of all. */
  probabilityToBeBest: number;
  /**
   * E[max of the rates − this variant's rate]: the conversion rate given up, on average, by keeping this
   * variant should another one be better; 0 means no risk at all.
   */
  expectedLoss: number;
};

/** Each posterior is looked at within this many standard deviations of its mean (beyond: under 1e-6). */
const SPREAD_IN_SDS = 12;
/** The integration step is at most the narrowest posterior's standard deviation divided by this. */
const STEPS_PER_SD = 16;
const MIN_STEPS = 2_048;
const MAX_STEPS = 2 ** 19;

function momentsOf({ alpha, beta }: Beta): { mean: number; sd: number } {
  const n = alpha + beta;
  return { mean: alpha / n, sd: Math.sqrt((alpha * beta) / (n * n * (n + 1))) };
}

/** The Beta density at each point of the grid (the parameters are ≥ 1: finite everywhere on [0, 1]). */
function densityOnGrid({ alpha, beta }: Beta, grid: Float64Array): Float64Array {
  const constant = logBeta(alpha, beta);
  return grid.map((x) => {
    const left = alpha === 1 ? 0 : (alpha - 1) * Math.log(x);
    const right = beta === 1 ? 0 : (beta - 1) * Math.log(1 - x);
    return Math.exp(left + right - constant);
  });
}

/**
 * A density on the grid and its running trapezoid integral, both scaled so that the integral ends at 1:
 * the grid holds all the mass, and the scaling takes the rule's own error out of every sum after.
 */
function normalized(density: Float64Array, step: number): { density: Float64Array; cdf: Float64Array } {
  const cdf = new Float64Array(density.length);
  for (let index = 1; index < density.length; index += 1) {
    cdf[index] = (cdf[index - 1] ?? 0) + ((density[index - 1] ?? 0) + (density[index] ?? 0)) * (step / 2);
  }
  const mass = cdf[cdf.length - 1] || 1;
  return { density: density.map((value) => value / mass), cdf: cdf.map((value) => value / mass) };
}

/**
 * Each variant's probability to be the best and its expected loss under Beta(1 + subscribers,
 * 1 + impressions − subscribers) posteriors, by deterministic numerical integration over a grid that covers
 * every posterior (12 standard deviations around each mean) with at least 16 steps per standard deviation
 * of the narrowest, at least 2,048 and at most 2^19 steps:
 *   P(i is best) = ∫ f_i(x) Π_{j≠i} F_j(x) dx,   loss_i = E[max_j p_j] − E[p_i] = ∫ (F_i(x) − Π_j F_j(x)) dx.
 * The trapezoid rule on that grid is within about 1e-6 of the exact values (the unit tests compare two
 * variants with the exact sums of probabilityToBeat). One variant: certain, no loss; none: an empty list.
 */
export function compareVariants(variants: readonly VariantCounts[]): VariantOdds[] {
  if (variants.length <= 1) return variants.map(() => ({ probabilityToBeBest: 1, expectedLoss: 0 }));
  const posteriors = variants.map(posterior);
  const moments = posteriors.map(momentsOf);
  const low = Math.max(0, Math.min(...moments.map(({ mean, sd }) => mean - SPREAD_IN_SDS * sd)));
  const high = Math.min(1, Math.max(...moments.map(({ mean, sd }) => mean + SPREAD_IN_SDS * sd)));
  const narrowest = Math.min(...moments.map(({ sd }) => sd));
  const steps = Math.min(
    MAX_STEPS,
    Math.max(MIN_STEPS, Math.ceil(((high - low) * STEPS_PER_SD) / narrowest)),
  );
  const step = (high - low) / steps;
  const grid = Float64Array.from({ length: steps + 1 }, (_, index) => low + index * step);
  const curves = posteriors.map((beta) => normalized(densityOnGrid(beta, grid), step));

  const best = variants.map(() => 0);
  const loss = variants.map(() => 0);
  for (let index = 0; index <= steps; index += 1) {
    const weight = index === 0 || index === steps ? step / 2 : step;
    const below = curves.map(({ cdf }) => cdf[index] ?? 0);
    const all = below.reduce((product, value) => product * value, 1);
    for (let variant = 0; variant < variants.length; variant += 1) {
      const others = below.reduce(
        (product, value, other) => (other === variant ? product : product * value),
        1,
      );
      best[variant] = (best[variant] ?? 0) + weight * (curves[variant]?.density[index] ?? 0) * others;
      loss[variant] = (loss[variant] ?? 0) + weight * ((below[variant] ?? 0) - all);
    }
  }
  const total = best.reduce((sum, value) => sum + value, 0) || 1;
  return variants.map((_, index) => ({
    probabilityToBeBest: Math.min(1, Math.max(0, (best[index] ?? 0) / total)),
    expectedLoss: Math.max(0, loss[index] ?? 0),
  }));
}

/** The variant the figures favour: the smallest expected loss (of equals, the earliest: the control first). */
export type Leader = { variantId: string; probability: number; expectedLoss: number };

/**
 * The leader of an A/B test (variants with their odds from compareVariants, the control first), or null for
 * a popup that runs no test (one variant). The leader is the winner once its expected loss is below
 * EXPECTED_LOSS_THRESHOLD (isWinner); before that the merchant may still promote it, knowing the risk.
 */
export function leaderOf(variants: readonly ({ id: string } & VariantOdds)[]): Leader | null {
  if (variants.length < 2) return null;
  const leader = variants.reduce((best, variant) =>
    variant.expectedLoss < best.expectedLoss ? variant : best,
  );
  return { variantId: leader.id, probability: leader.probabilityToBeBest, expectedLoss: leader.expectedLoss };
}

/** Whether the leader's risk is small enough for the test to name it the winner. */
export const isWinner = (leader: Leader | null): leader is Leader =>
  leader !== null && leader.expectedLoss < EXPECTED_LOSS_THRESHOLD;
