/**
 * The statistics of a popup's A/B test, pure and deterministic (no random draws, no dependencies).
 *
 * Two readings of the same counts:
 * - frequentist: a pooled two-proportion z-test's two-sided p-value;
 * - Bayesian: each variant's conversion rate has a Beta(1 + subscribers, 1 + impressions − subscribers)
 *   posterior (a uniform prior), and "probability to beat the control" is P(rate > control's rate).
 * The winner rule reads the Bayesian one (winnerOf).
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

/** A winner is declared only at this probability or more: the evidence the screen calls strong. */
export const WINNER_PROBABILITY = 0.95;

/**
 * The least each compared variant (the winner and the control) must have seen before a winner is named:
 * with fewer, an early lucky streak reads as certainty.
 */
export const MINIMUM_SAMPLE: VariantCounts = { impressions: 100, subscribers: 10 };

/** A variant as the winner rule reads it; the first of the list is the control. */
export type ComparedVariant = VariantCounts & { id: string; probabilityToBeatControl: number | null };

export type Winner = { variantId: string; probability: number };

const hasMinimumSample = (variant: VariantCounts) =>
  variant.impressions >= MINIMUM_SAMPLE.impressions && variant.subscribers >= MINIMUM_SAMPLE.subscribers;

/**
 * The test's winner, or null while the evidence is weak:
 * - a challenger wins when its probability to beat the control is at least WINNER_PROBABILITY (of several,
 *   the most probable), and it and the control both have MINIMUM_SAMPLE;
 * - the control wins when it beats every challenger at WINNER_PROBABILITY, every variant having
 *   MINIMUM_SAMPLE; its probability is the weakest of those comparisons.
 * A popup with one variant runs no test: no winner.
 */
export function winnerOf(variants: readonly ComparedVariant[]): Winner | null {
  const [control, ...challengers] = variants;
  if (!control || challengers.length === 0 || !hasMinimumSample(control)) return null;
  const best = challengers
    .filter(hasMinimumSample)
    .reduce<ComparedVariant | null>(
      (leader, variant) =>
        (variant.probabilityToBeatControl ?? 0) > (leader?.probabilityToBeatControl ?? 0) ? variant : leader,
      null,
    );
  if (best && (best.probabilityToBeatControl ?? 0) >= WINNER_PROBABILITY)
    return { variantId: best.id, probability: best.probabilityToBeatControl ?? 0 };
  if (!challengers.every(hasMinimumSample)) return null;
  const controlProbability = Math.min(
    ...challengers.map((variant) => 1 - (variant.probabilityToBeatControl ?? 1)),
  );
  return controlProbability >= WINNER_PROBABILITY
    ? { variantId: control.id, probability: controlProbability }
    : null;
}
