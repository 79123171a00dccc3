// Paired statistics for comparing arms run on the same threads. Pairing by
// thread removes between-thread difficulty from the comparison, which is what
// lets a few dozen planted threads show a real difference.

import { mulberry32 } from "@/lib/eval/random";

/** Per-thread outcomes of one arm: correct/incorrect, or a measurement such as tokens. */
export type Outcomes = readonly boolean[] | readonly number[];

export type PairedBootstrapResult = {
  meanA: number;
  meanB: number;
  /** meanB − meanA. */
  diff: number;
  /** Percentile interval for diff. */
  low: number;
  high: number;
};

const Z_95 = 1.959963984540054;

function asNumbers(values: Outcomes): number[] {
  return values.map((v: boolean | number) => (typeof v === "boolean" ? (v ? 1 : 0) : v));
}

export function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Linear interpolation between order statistics (R's default, type 7); `sorted` must be ascending. */
export function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

function assertPaired(a: { length: number }, b: { length: number }): void {
  if (a.length !== b.length) throw new RangeError(`paired arms need the same threads: ${a.length} vs ${b.length} outcomes`);
}

/**
 * Confidence interval for mean(b − a), resampling thread indices with
 * replacement so each resample keeps every thread's pair together.
 */
export function pairedBootstrap(
  a: Outcomes,
  b: Outcomes,
  options: { iterations?: number; seed: number; confidence?: number },
): PairedBootstrapResult {
  assertPaired(a, b);
  if (a.length === 0) throw new RangeError("pairedBootstrap needs at least one thread");
  const { iterations = 10_000, seed, confidence = 0.95 } = options;
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  if (!Number.isInteger(iterations) || iterations < 1) throw new RangeError(`iterations must be a positive integer, got ${iterations}`);

  const xa = asNumbers(a);
  const xb = asNumbers(b);
  const diffs = xb.map((v, i) => v - xa[i]);
  const random = mulberry32(seed);
  const n = diffs.length;
  const resampled = Array.from({ length: iterations }, () => {
    let sum = 0;
    for (let k = 0; k < n; k++) sum += diffs[Math.floor(random() * n)];
    return sum / n;
  }).sort((x, y) => x - y);

  const tail = (1 - confidence) / 2;
  const meanA = mean(xa);
  const meanB = mean(xb);
  return { meanA, meanB, diff: meanB - meanA, low: quantile(resampled, tail), high: quantile(resampled, 1 - tail) };
}

/**
 * Exact McNemar test: under "no difference" each discordant thread is a fair
 * coin, so the two-sided p-value is a binomial tail doubled (capped at 1).
 * b10 counts threads only A got right; b01 those only B got right.
 */
export function exactMcNemar(a: readonly boolean[], b: readonly boolean[]): { b10: number; b01: number; pValue: number } {
  assertPaired(a, b);
  let b10 = 0;
  let b01 = 0;
  a.forEach((okA, i) => {
    if (okA && !b[i]) b10++;
    if (!okA && b[i]) b01++;
  });
  const n = b10 + b01;
  const k = Math.min(b10, b01);
  // Sum P(X = 0..k) for X ~ Binomial(n, 1/2) in log space: 0.5^n underflows past n ≈ 1074.
  let logTerm = -n * Math.LN2;
  let tail = 0;
  for (let i = 0; i <= k; i++) {
    tail += Math.exp(logTerm);
    logTerm += Math.log(n - i) - Math.log(i + 1);
  }
  return { b10, b01, pValue: Math.min(1, 2 * tail) };
}

/**
 * Wilson score 95% interval for one arm's accuracy; unlike the normal
 * approximation it stays inside [0, 1] and behaves at 0/n and n/n.
 * With no trials nothing is known, so the interval is all of [0, 1].
 */
export function wilson(successes: number, n: number): { low: number; high: number } {
  if (!Number.isInteger(successes) || !Number.isInteger(n) || successes < 0 || successes > n) {
    throw new RangeError(`wilson needs integers 0 ≤ successes ≤ n, got ${successes}/${n}`);
  }
  if (n === 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = Z_95 * Z_95;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (Z_95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  // At 0/n and n/n the bound is exactly 0 or 1; floating point would miss it by an ulp.
  return { low: successes === 0 ? 0 : centre - half, high: successes === n ? 1 : centre + half };
}

/**
 * Holm's step-down adjustment: p-values of a family of tests, made safe to
 * compare with α one by one. The smallest is multiplied by m, the next by
 * m − 1 and so on, each kept at least as large as the one before and at most
 * 1. Returned in the order given.
 */
export function holm(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

/**
 * Interval for a mean over items that come in clusters (questions within one
 * conversation): whole clusters are resampled with replacement, so questions
 * about the same conversation, which succeed or fail together, are not
 * counted as independent evidence. The point estimate is the plain mean.
 */
export function clusterBootstrap(
  values: readonly number[],
  clusters: readonly string[],
  options: { iterations?: number; seed: number; confidence?: number },
): { mean: number; low: number; high: number; clusters: number } {
  assertPaired(values, clusters);
  if (values.length === 0) throw new RangeError("clusterBootstrap needs at least one value");
  const { iterations = 10_000, seed, confidence = 0.95 } = options;
  const groups = new Map<string, { sum: number; n: number }>();
  values.forEach((v, i) => {
    const g = groups.get(clusters[i]) ?? { sum: 0, n: 0 };
    g.sum += v;
    g.n += 1;
    groups.set(clusters[i], g);
  });
  const list = [...groups.values()];
  const random = mulberry32(seed);
  const resampled = Array.from({ length: iterations }, () => {
    let sum = 0;
    let n = 0;
    for (let k = 0; k < list.length; k++) {
      const g = list[Math.floor(random() * list.length)];
      sum += g.sum;
      n += g.n;
    }
    return sum / n;
  }).sort((x, y) => x - y);
  const tail = (1 - confidence) / 2;
  return { mean: mean([...values]), low: quantile(resampled, tail), high: quantile(resampled, 1 - tail), clusters: list.length };
}
