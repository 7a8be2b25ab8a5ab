// Verdicts for numbers: the same within `same`, close within `close` (both relative to the
// paper's figure, or absolute where the paper's figure is 0), else differs.

import type { Verdict } from './experiment.ts';

export interface Tolerance {
  /** Relative difference counted as the same (default 0). */
  same?: number;
  /** Relative difference counted as close (default 0.25). */
  close?: number;
}

export function compareNumbers(paper: number, ours: number, t: Tolerance = {}): Verdict {
  const same = t.same ?? 0;
  const close = t.close ?? 0.25;
  const d = Math.abs(ours - paper) / (paper === 0 ? 1 : Math.abs(paper));
  return d <= same ? 'same' : d <= close ? 'close' : 'differs';
}

/** Same when equal, close when the two share at least `overlap` of their members, else differs. */
export function compareSets<T>(paper: readonly T[], ours: readonly T[], overlap = 0.5): Verdict {
  const a = new Set(paper);
  const b = new Set(ours);
  const common = [...a].filter((x) => b.has(x)).length;
  if (common === a.size && common === b.size) return 'same';
  return common / Math.max(1, Math.max(a.size, b.size)) >= overlap ? 'close' : 'differs';
}

/** Mean and sample standard deviation, for results over several seeds. */
export function spread(values: readonly number[]): { mean: number; sd: number } {
  const mean = values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
  const sd = values.length > 1 ? Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1)) : 0;
  return { mean, sd };
}

/** "14.3 ± 2.1" (or just the value for one seed). */
export const meanText = (values: readonly number[], digits = 1): string => {
  const { mean, sd } = spread(values);
  return values.length > 1 ? `${mean.toFixed(digits)} ± ${sd.toFixed(digits)}` : mean.toFixed(digits);
};

/** "540,368": a count with thousands separators, as the rows print counts. */
export const thousands = (n: number): string => Math.round(n).toLocaleString('en-US');
