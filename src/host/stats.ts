// The match statistics: a paired t test on the points of each ballot's pair of games.

/** ln Γ(x), Lanczos (g = 7, n = 9), x > 0. */
function lnGamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const y = x - 1;
  let a = c[0]!;
  for (let i = 1; i < 9; i++) a += c[i]! / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < tiny ? tiny : d);
  let h = d;
  for (let m = 1; m <= 300; m++) {
    for (const num of [(m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m)), -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1))]) {
      d = 1 + num * d;
      d = 1 / (Math.abs(d) < tiny ? tiny : d);
      c = 1 + num / c;
      if (Math.abs(c) < tiny) c = tiny;
      h *= d * c;
    }
    if (Math.abs(d * c - 1) < 1e-14) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(a, b, x)) / a : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** Two-sided p of Student's t with df degrees of freedom. */
export const tTwoSided = (t: number, df: number): number => incompleteBeta(df / (df + t * t), df / 2, 0.5);

export interface PairedTest {
  n: number;
  mean: number;
  sd: number;
  /** (mean − even) / (sd / √n); ±Infinity when every pair scored the same but not `even`, NaN when undefined. */
  t: number;
  df: number;
  p: number;
}

/** One-sample t test of the pair scores against `even` (1 point of 2 for an even match). */
export function pairedTest(scores: readonly number[], even: number): PairedTest {
  const n = scores.length;
  const mean = n ? scores.reduce((s, x) => s + x, 0) / n : NaN;
  const sd = n > 1 ? Math.sqrt(scores.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1)) : NaN;
  const diff = mean - even;
  const t = n < 2 ? NaN : sd === 0 ? (diff === 0 ? NaN : diff * Infinity) : diff / (sd / Math.sqrt(n));
  const df = n - 1;
  const p = Number.isNaN(t) ? NaN : Number.isFinite(t) ? tTwoSided(t, df) : 0;
  return { n, mean, sd, t, df, p };
}
