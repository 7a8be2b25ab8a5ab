// A small TypeScript statement of the generalization-learning rules of asm/checkers/learn.sap
// (docs/checkers-learning.md), written from Samuel's text for the tests only: the correlation
// update for one delta, the coefficients from the correlations, the low-term tally and term
// replacement. Numbers are plain integers; correlations are in units of LONE = 65536 (1.0).

export const LONE = 65536;
export const SLOTS = 16;
export const RESERVE = 22;

export interface Slot {
  /** Term number 1-38 (Appendix C order, terms.sap's PTR/PNM). */
  k: number;
  /** Correlation coefficient, LONE = 1.0. */
  c: number;
  /** Times adjusted. */
  n: number;
  /** Low-term tallies. */
  tally: number;
  /** Coefficient: a signed power of two, or 0. */
  coef: number;
  /** Its power of two, -1 when the coefficient is 0. */
  pow: number;
  /** The term's value (P(R) - P(R')) in the remembered position. */
  tv: number;
}

export interface UpdateInput {
  delta: number;
  /** 0, 1 or 2: the changes times 1, 2 (piece ratio changed) or 4 (near a sure win or loss). */
  weight: number;
  /** Second series: with delta > 0 adjust only terms contributing against the remembered score. */
  positiveDeltaRule: boolean;
  /** The remembered score and the minimum delta (both in EVAL's units). */
  saved: number;
  min: number;
}

/** Samuel's N: 16 until the usage reaches 32, then the power of two at or below it, at most 256. */
export function effectiveN(timesUsed: number): number {
  if (timesUsed < 32) return 16;
  return Math.min(256, 2 ** Math.floor(Math.log2(timesUsed)));
}

/** C := C + (s - C) * 2^weight / N for every term used (value not 0); returns the slots adjusted. */
export function updateCorrelations(slots: Slot[], u: UpdateInput): number {
  if (u.delta === 0) return 0;
  let adjusted = 0;
  for (const s of slots) {
    if (s.tv === 0) continue;
    if (u.positiveDeltaRule && u.delta > 0) {
      if (s.coef === 0) continue;
      const contribution = Math.sign(s.coef * s.tv);
      if (u.saved >= u.min) { if (contribution > 0) continue; }
      else if (u.saved <= -u.min) { if (contribution < 0) continue; }
      else continue;
    }
    s.n += 1;
    const target = Math.sign(s.tv) === Math.sign(u.delta) ? LONE : -LONE;
    const divisor = effectiveN(s.n) / 2 ** u.weight;
    s.c += Math.trunc((target - s.c) / divisor);
    adjusted++;
  }
  return adjusted;
}

/**
 * The leading term (largest |C|, the first slot on a tie) at 2^maxPower; every other term at
 * 2^round(maxPower |C| / |C_lead|) (half up), "proportionate values" in the power, signed as its
 * correlation; 0 when the correlation is 0. Appendix C's correlations 0.45 0.40 0.35 0.33 0.27
 * 0.19 0.14 0.13 0.10 give its powers 18 16 14 13 11 8 6 5 4. Returns the leading slot (1-16), 0 if none.
 */
export function setCoefficients(slots: Slot[], maxPower: number): number {
  let lead = 0;
  let best = 0;
  slots.forEach((s, i) => { if (Math.abs(s.c) > best) { best = Math.abs(s.c); lead = i + 1; } });
  for (const s of slots) {
    if (s.c === 0) { s.coef = 0; s.pow = -1; continue; }
    const p = Math.floor((2 * maxPower * Math.abs(s.c) + best) / (2 * best));
    s.coef = Math.sign(s.c) * 2 ** p;
    s.pow = p;
  }
  return lead;
}

/**
 * A low-term tally against the slot with the smallest |C| (the first on a tie); at `limit`
 * tallies its term goes to the tail of the reserve list and the head comes in with everything 0.
 * Returns the replaced slot (1-16) and its term and usage, or null.
 */
export function tally(slots: Slot[], reserve: number[], limit: number): { slot: number; k: number; n: number } | null {
  let low = 0;
  slots.forEach((s, i) => { if (low === 0 || Math.abs(s.c) < Math.abs(slots[low - 1]!.c)) low = i + 1; });
  const s = slots[low - 1]!;
  s.tally += 1;
  if (s.tally < limit) return null;
  const out = { slot: low, k: s.k, n: s.n };
  const head = reserve.shift()!;
  reserve.push(s.k);
  Object.assign(s, { k: head, c: 0, n: 0, tally: 0, coef: 0, pow: -1, tv: 0 });
  return out;
}

/**
 * Minimum delta: the average coefficient magnitude in EVAL's units, 64 times the average shifted
 * as EVAL shifts the terms (2^maxPower is 64 units), less an eighth when `lowered` (second series).
 */
export function minimumDelta(slots: Slot[], maxPower = 18, lowered = false): number {
  const m = Math.trunc((4 * slots.reduce((a, s) => a + Math.abs(s.coef), 0)) / 2 ** (maxPower - 6));
  return lowered ? m - Math.trunc(m / 8) : m;
}

/** EVAL's polynomial with learned coefficients: the piece term plus the terms' sum / 2^(maxPower-6), truncated toward 0. */
export const learnedPolynomial = (piece: number, sum: number, maxPower = 18): number => piece + Math.trunc(sum / 2 ** (maxPower - 6));
