// Seale's learner (asm/lib/seale.sap) through the emulator: rand(), the start vector, each rule of
// poly_mod and coeff_exch on hand-worked cases, then random cases against sealeref.ts (the
// listing transcribed) under every switch.

import { describe, expect, it } from 'vitest';
import { rng } from '../checkers/reference.ts';
import { Seale704, word } from './seale704.ts';
import { coeffExch, initialize, polyMod, type LearnState, type Switches } from './sealeref.ts';

// Seale, Appendix C: "Initial Coefficients" (checkers) and "New Coefficients" (halma).
const CHECKERS_START = [-17, -34, 15, 25, 11, 11, 3, -12, 14, -23, -5, 0, 0, 37, 2, 7, 28, -20, -3, -18, -25, 28, -27, -12, -15];

function fresh(n: number): Seale704 {
  const q = new Seale704();
  q.set('JNP', n);
  q.call('JINIT');
  return q;
}

/** A state with everything given and the rest zero. */
function stateOf(p: Partial<LearnState> & { a: number[] }): LearnState {
  const n = p.a.length;
  return {
    n, seed: 3, b: new Array(n).fill(0), d: [0, 0, 0, 0, 0], c: [...Array(30)].map(() => new Array(n).fill(0)),
    dIndx: 0, cIndx: 0, wins: 0, losses: 0, corr: new Array(n).fill(0), ...p,
  };
}

const mod = (q: Seale704, s0: number, s1: number, par: number[]): void => {
  q.setVec('JPAR', par);
  q.call('JMOD', { ac: word(s0), mq: word(s1) });
};

describe('JRAND - the C library rand()', () => {
  it('srand(1) gives the well-known 16838 5758 10113 17515', () => {
    const q = new Seale704();
    q.set('JNEXT', 1);
    expect([0, 1, 2, 3].map(() => q.call('JRAND').ac)).toEqual([16838, 5758, 10113, 17515]);
  });
  it('wraps at 2^32 as C unsigned arithmetic does, for a seed near the top', () => {
    const q = new Seale704();
    q.set('JNEXT', 0xfffffff0);
    const next = (0xfffffff0n * 1103515245n + 12345n) & 0xffffffffn;
    expect(q.call('JRAND').ac).toBe(Number((next >> 16n) & 0x7fffn));
    expect(q.get('JNEXT')).toBe(Number(next));
  });
});

describe('JINIT - the start from a new state (seed_sav 2)', () => {
  it("gives Seale's printed initial checkers coefficients, and seed_sav becomes 3", () => {
    const q = fresh(25);
    expect(q.vec('JA', 25)).toEqual(CHECKERS_START);
    expect(q.get('JSEED')).toBe(3);
    expect(q.vec('JD', 5)).toEqual([-17, 15, 11, 3, 14]);
    expect(q.vec('JB', 25)).toEqual(initialize(25).b);
    expect(q.get('JSTAT')).toBe(1);
  });
  it("gives his halma start (the first 15) with 15 parameters, and Beta's pass-2 values", () => {
    const q = fresh(15);
    expect(q.vec('JA', 15)).toEqual(CHECKERS_START.slice(0, 15));
    expect(q.vec('JB', 15)).toEqual([-33, -14, -10, 25, 36, 25, 23, -21, 32, 0, 0, 15, 37, 10, -27]);
  });
  it('a second JINIT uses seed_sav 3 and gives another start', () => {
    const q = fresh(25);
    q.call('JINIT');
    expect(q.vec('JA', 25)).toEqual(initialize(25, 3).a);
    expect(q.get('JSEED')).toBe(4);
  });
});

describe('JMOD - poly_mod on hand-worked cases', () => {
  it('a modify: p_avg, d_avg, correlations, cuts and steps', () => {
    const q = new Seale704();
    q.load(stateOf({ a: [10, -5, 0, 3], d: [4, -6, 8, 0, 2] }));
    mod(q, 30, 10, [2, 1, 3, 0]);
    // delta 20; p = 20 5 0 0, p_avg = 25/3 = 8; avg|d| = 20/5 = 4, 20 >= 2: modify.
    // d_avg = 8/5 = 1; corr = 12*19, -3*19, -8*19, (absent) = 228 -57 -152 0;
    // avg = 437/3 = 145, cut1 = 29, cut2 = 290: +1, -1, -1, parameter 4 absent.
    expect(q.get('JDLT')).toBe(20);
    expect(q.get('JPAV')).toBe(8);
    expect(q.get('JDAV')).toBe(1);
    expect(q.vec('JCOR', 4)).toEqual([228, -57, -152, 0]);
    expect([q.get('JACR'), q.get('JCT1'), q.get('JCT2'), q.get('JMODF')]).toEqual([145, 29, 290, 1]);
    expect(q.vec('JA', 4)).toEqual([11, -6, -1, 3]);
    expect(q.vec('JD', 5)).toEqual([20, -6, 8, 0, 2]);
    expect([q.get('JDI'), q.get('JCI')]).toEqual([1, 1]);
    expect(q.get('JC', -1)).toBe(2 ** 24 + 2 ** 23 + 2 ** 22); // parameters 1-3 present
  });
  it('large steps: a correlation at twice the mean moves by 2', () => {
    const q = new Seale704();
    q.load(stateOf({ a: [1, 1, 1, 1, 1] }));
    mod(q, 10, 0, [20, 1, 1, 1, 1]);
    // p = 20 1 1 1 1, p_avg = 24/6 = 4; d all 0, delta 10, d_avg 0; corr = 160 -30 -30 -30 -30;
    // avg = 280/5 = 56, cut2 = 112, cut1 = 11: +2, then -1 four times.
    expect(q.vec('JA', 5)).toEqual([3, 0, 0, 0, 0]);
  });
  it('no modify when |delta| < mean |last 5 deltas| / 2; the delta is remembered all the same', () => {
    const q = new Seale704();
    q.load(stateOf({ a: [10, -5], d: [100, -100, 100, -100, 100], dIndx: 4, cIndx: 29 }));
    mod(q, 0, 49, [1, 1]);
    expect(q.get('JMODF')).toBe(0);
    expect(q.vec('JA', 2)).toEqual([10, -5]);
    expect(q.vec('JD', 5)).toEqual([100, -100, 100, -100, -49]);
    expect([q.get('JDI'), q.get('JCI')]).toEqual([0, 0]);
    mod(q, 0, 50, [1, 1]); // |-50| >= 100/2 (the mean is now 449/5 = 89): modify
    expect(q.get('JMODF')).toBe(1);
  });
  it('the zero-correlation quirk gives +2, and the clamp holds at 40 (JSZC skips it)', () => {
    const q = new Seale704();
    q.load(stateOf({ a: [39] }));
    mod(q, 5, 5, [1]);
    expect(q.vec('JA', 1)).toEqual([40]);
    expect(q.get('JCLH')).toBe(1);
    q.load(stateOf({ a: [39] }));
    q.set('JSZC', 1);
    mod(q, 5, 5, [1]);
    expect(q.vec('JA', 1)).toEqual([39]);
  });
  it('the clamp at -40, and a correlation exactly at -cut2', () => {
    const q = new Seale704();
    q.load(stateOf({ a: [-39, 1] }));
    mod(q, 0, 10, [1, 19]);
    // delta -10; p = 39 19, p_avg = 58/3 = 19; corr = 20*-10, 0 = -200 0; avg 100, cut2 200,
    // cut1 20: -200 <= -200 gives -2 (-41, clamped to -40), 0 moves nothing.
    expect(q.vec('JCOR', 2)).toEqual([-200, 0]);
    expect(q.vec('JA', 2)).toEqual([-40, 1]);
    expect(q.get('JCLH')).toBe(1);
  });
  it('switches: the delta sign, signed terms, the braces as printed', () => {
    const q = new Seale704();
    q.load(stateOf({ a: [10, -5, 0, 3], d: [4, -6, 8, 0, 2] }));
    q.set('JSDS', 1);
    mod(q, 30, 10, [2, 1, 3, 0]);
    expect(q.get('JDLT')).toBe(-20);
    const q2 = new Seale704();
    q2.load(stateOf({ a: [10, -5, 0, 3], d: [4, -6, 8, 0, 2] }));
    q2.set('JSABS', 1);
    mod(q2, 30, 10, [2, 1, 3, 0]);
    // p = 20 -5 0 0: only 20 counts, p_avg = 20/2 = 10; corr = 10*19, -15*19, -10*19.
    expect(q2.vec('JCOR', 3)).toEqual([190, -285, -190]);
    const q3 = new Seale704();
    q3.load(stateOf({ a: [10, -5], d: [100, -100, 100, -100, 100], corr: [500, -3] }));
    q3.set('JSBR', 1);
    mod(q3, 0, 49, [1, 1]);
    // no modify, but as printed: avg = 500/(1+2) = 166, cut1 33, cut2 332; stale corr 500 -> +2, -3 -> none
    expect(q3.get('JMODF')).toBe(0);
    expect(q3.vec('JA', 2)).toEqual([12, -5]);
  });
});

describe('JEXCH - coeff_exch', () => {
  it('two wins: Beta adopts Alpha; a draw between resets the count', () => {
    const q = new Seale704();
    q.load(stateOf({ a: [5, -7], b: [0, 0] }));
    q.call('JEXCH', { ac: 1 });
    q.call('JEXCH', { ac: 0 });
    q.call('JEXCH', { ac: 1 });
    expect(q.vec('JB', 2)).toEqual([0, 0]);
    q.call('JEXCH', { ac: 1 });
    expect(q.vec('JB', 2)).toEqual([5, -7]);
    expect([q.get('JADP'), q.get('JWIN')]).toEqual([1, 0]);
  });
  it("two losses: Alpha's largest |coefficient| goes to 0, a tie to the one present more often", () => {
    const c = [...Array(30)].map((_, k) => [0, k < 3 ? 1 : 0, k < 4 ? 1 : 0, 1]);
    const q = new Seale704();
    q.load(stateOf({ a: [5, -30, 30, 2], c }));
    q.call('JEXCH', { ac: 2 });
    expect(q.vec('JA', 4)).toEqual([5, -30, 30, 2]);
    q.call('JEXCH', { ac: 2 });
    expect(q.vec('JA', 4)).toEqual([5, -30, 0, 2]);
    expect([q.get('JZI'), q.get('JLOS')]).toEqual([3, 0]);
    const q2 = new Seale704();
    q2.load(stateOf({ a: [5, -30, 30, 2] }));
    q2.call('JEXCH', { ac: 2 });
    q2.call('JEXCH', { ac: 2 });
    expect(q2.vec('JA', 4)).toEqual([5, 0, 30, 2]); // equal counts: the first
  });
  it('a win between two losses resets the losses', () => {
    const q = new Seale704();
    q.load(stateOf({ a: [5, 9] }));
    for (const r of [2, 1, 2]) q.call('JEXCH', { ac: r });
    expect(q.vec('JA', 2)).toEqual([5, 9]);
    q.call('JEXCH', { ac: 2 });
    expect(q.vec('JA', 2)).toEqual([5, 0]);
  });
});

describe('JMOD and JEXCH against the listing (sealeref.ts) on random games', () => {
  const combos: Switches[] = [{}, { deltaLookMinusInitial: true }, { signedTerms: true }, { bracesAsPrinted: true }, { skipZeroCorr: true }];
  for (const sw of combos) {
    it(`switches ${JSON.stringify(sw)}: 4 games of 40 moves agree word for word`, () => {
      const rand = rng(18 + Object.keys(sw).length * 7 + JSON.stringify(sw).length);
      const q = fresh(25);
      q.switches(sw);
      const ref = initialize(25);
      for (let g = 0; g < 4; g++) {
        for (let m = 0; m < 40; m++) {
          const par = [...Array(25)].map(() => (rand() < 0.4 ? 0 : Math.floor(rand() * 13) - (rand() < 0.1 ? 3 : 0)));
          const s0 = Math.floor((rand() - 0.5) * 4000);
          const s1 = s0 + Math.floor((rand() - 0.5) * (rand() < 0.2 ? 20 : 3000));
          polyMod(ref, s0, s1, par, sw);
          mod(q, s0, s1, par);
          expect(q.state()).toEqual(ref);
        }
        const outcome = [0, 1, 2][Math.floor(rand() * 3)]!;
        const r = coeffExch(ref, outcome);
        q.call('JEXCH', { ac: outcome });
        expect(q.state()).toEqual(ref);
        expect(q.get('JZI')).toBe(r.zeroed + 1);
      }
    });
  }
});
