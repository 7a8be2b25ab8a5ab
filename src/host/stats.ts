// The match statistics: a paired t test on the points of each ballot's pair of games. Student's t
// distribution is jstat's (it replaced our own incomplete beta function; the same p to 4 places).

import jStatModule from 'jstat';

const { jStat } = jStatModule;

/** Two-sided p of Student's t with df degrees of freedom (jstat's distribution; the lower tail, doubled, keeps small p exact). */
export const tTwoSided = (t: number, df: number): number => Math.min(1, 2 * jStat.studentt.cdf(-Math.abs(t), df));

export interface PairedTest {
  n: number;
  mean: number;
  sd: number;
  /** (mean − even) / (sd / √n); ±Infinity when every pair scored the same but not `even`, NaN when every pair was `even` or n < 2. */
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
  // every pair exactly even: no difference at all, whatever the spread would have been (p = 1)
  const p = n >= 2 && sd === 0 && diff === 0 ? 1 : Number.isNaN(t) ? NaN : Number.isFinite(t) ? tTwoSided(t, df) : 0;
  return { n, mean, sd, t, df, p };
}

/**
 * McNemar's exact test of a paired yes/no outcome (e.g. the master's move played, with against
 * without): `b` pairs yes only with, `c` yes only without; two-sided p of the sign test on the b + c
 * discordant pairs (jstat's binomial), 1 when there are none.
 */
export function mcnemarExact(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  return Math.min(1, 2 * jStat.binomial.cdf(Math.min(b, c), n, 0.5));
}
