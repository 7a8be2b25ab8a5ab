// Seale's `learn` class (thesis Appendix D) transcribed into TypeScript for the tests: C's int
// arithmetic (truncating / and %), the listing's order of operations, and the four readings
// docs/seale.md names as switches. The 704 part (asm/lib/seale.sap) is checked against it.

export const MAX_COEFF = 40;

/** The C library rand() Seale linked (ANSI C's example generator). */
export class CRand {
  private next: bigint;
  constructor(seed: number) { this.next = BigInt(seed); }
  rand(): number {
    this.next = (this.next * 1103515245n + 12345n) & 0xffffffffn;
    return Number((this.next / 65536n) % 32768n);
  }
}

/** C's / and % on ints: truncation toward zero. */
const cdiv = (a: number, b: number): number => Math.trunc(a / b);

export interface Switches {
  /** delta = look-ahead - initial instead of initial - look-ahead. */
  deltaLookMinusInitial?: boolean;
  /** p = par*a instead of |par*a|. */
  signedTerms?: boolean;
  /** The braces as printed: without a modify the changes still run, on the last correlations. */
  bracesAsPrinted?: boolean;
  /** No change when the mean |correlation| is 0. */
  skipZeroCorr?: boolean;
}

export interface LearnState {
  n: number;
  seed: number;
  a: number[];
  b: number[];
  d: number[];
  /** c[k][j] presence, 30 rows. */
  c: number[][];
  dIndx: number;
  cIndx: number;
  wins: number;
  losses: number;
  /** corr[] of the last modify (C's uninitialized array, read under bracesAsPrinted). */
  corr: number[];
}

/** learn::initialize with seed_sav holding `seed`. */
export function initialize(n: number, seed = 2): LearnState {
  const r = new CRand(seed);
  const a = new Array<number>(n).fill(0);
  const b = new Array<number>(n).fill(0);
  for (let i = 0; i <= 2; i++) {
    for (let j = 0; j < n; j++) {
      const y = r.rand() < 12000 ? -1 : 1;
      const z = (y * r.rand()) % MAX_COEFF || 0; // C: truncating %, and no -0
      if (i === 0) a[j] = z; else b[j] = z;
    }
  }
  const d = [0, 1, 2, 3, 4].map((i) => a[2 * i] ?? 0);
  return {
    n, seed: seed + 1, a, b, d, c: [...Array(30)].map(() => new Array<number>(n).fill(0)),
    dIndx: 0, cIndx: 0, wins: 0, losses: 0, corr: new Array<number>(n).fill(0),
  };
}

export interface ModResult {
  delta: number;
  pAvg: number;
  modified: boolean;
  avg: number;
  cut1: number;
  cut2: number;
  clampHits: number;
  p: number[];
}

/** learn::poly_mod, with delta made from the two scores. Mutates `s`. */
export function polyMod(s: LearnState, s0: number, s1: number, par: readonly number[], sw: Switches = {}): ModResult {
  const delta = sw.deltaLookMinusInitial ? s1 - s0 : s0 - s1;
  const p: number[] = [];
  let sum = 0;
  let count = 1;
  for (let i = 0; i < s.n; i++) {
    const t = par[i]! * s.a[i]!;
    p[i] = (sw.signedTerms ? t : Math.abs(t)) + 0;
    if (p[i]! > 0) { sum += p[i]!; count++; }
    s.c[s.cIndx]![i] = par[i]! > 0 ? 1 : 0;
  }
  const pAvg = cdiv(sum, count);
  sum = 0;
  for (const x of s.d) sum += Math.abs(x);
  let avg = cdiv(sum, 5);
  const modified = Math.abs(delta) >= cdiv(avg, 2);
  let apply = modified || !!sw.bracesAsPrinted;
  if (modified) {
    sum = 0;
    for (const x of s.d) sum += x;
    const dAvg = cdiv(sum, 5);
    sum = 0;
    count = 0;
    for (let i = 0; i < s.n; i++) {
      if (par[i]! > 0) {
        s.corr[i] = (p[i]! - pAvg) * (delta - dAvg) + 0; // no -0
        sum += Math.abs(s.corr[i]!);
        count++;
      } else s.corr[i] = 0;
    }
  }
  if (apply && count > 0) avg = cdiv(sum, count);
  const cut1 = Math.trunc(0.2 * avg);
  const cut2 = 2 * avg;
  if (sw.skipZeroCorr && avg === 0) apply = false;
  let clampHits = 0;
  if (apply) {
    for (let i = 0; i < s.n; i++) {
      if (!(par[i]! > 0)) continue;
      const c = s.corr[i]!;
      let a = s.a[i]!;
      if (c >= cut2) a += 2;
      else if (c >= cut1) a += 1;
      else if (c <= -cut2) a -= 2;
      else if (c <= -cut1) a -= 1;
      if (a > MAX_COEFF) { a = MAX_COEFF; clampHits++; } else if (a < -MAX_COEFF) { a = -MAX_COEFF; clampHits++; }
      s.a[i] = a;
    }
  }
  s.d[s.dIndx] = delta;
  s.dIndx = (s.dIndx + 1) % 5;
  s.cIndx = (s.cIndx + 1) % 30;
  return { delta, pAvg, modified, avg, cut1, cut2, clampHits, p };
}

/** learn::coeff_exch: 0 draw, 1 alpha won, else lost. Returns the index zeroed (0-based) or -1, and whether Beta adopted. */
export function coeffExch(s: LearnState, winSide: number): { zeroed: number; adopted: boolean } {
  let zeroed = -1;
  let adopted = false;
  if (winSide === 0) { s.wins = 0; s.losses = 0; }
  else if (winSide === 1) {
    if (++s.wins === 2) { s.b = [...s.a]; s.wins = 0; adopted = true; }
    s.losses = 0;
  } else {
    if (++s.losses === 2) {
      let largest = 0;
      let lar = -1;
      const present = (j: number): number => s.c.reduce((t, row) => t + row[j]!, 0);
      for (let i = 0; i < s.n; i++) {
        const v = Math.abs(s.a[i]!);
        if (v > largest) { largest = v; lar = i; }
        else if (v === largest && lar >= 0 && present(i) > present(lar)) { largest = v; lar = i; }
      }
      if (lar >= 0) { s.a[lar] = 0; zeroed = lar; }
      s.losses = 0;
    }
    s.wins = 0;
  }
  return { zeroed, adopted };
}
