// learn.sap's routines one at a time, in the whole program's core image (Game704): the
// correlation update and the coefficients on constructed inputs against learnref.ts, the
// low-term tally and term replacement, re-scoring the remembered position, one whole Alpha
// learning step (delta, minimum, the doubled and quadrupled weights), and the end of a game
// (Beta adopting Alpha's polynomial, black marks).

import { beforeAll, describe, expect, it } from 'vitest';
import { Game704 } from './deck.ts';
import { BLACK_KING, EMPTY, WHITE_KING, WHITE_MAN, emptyPosition, randomGamePosition, rng, startPosition } from './reference.ts';
import { pieceTerm } from './searchref.ts';
import { TERMS, term } from './termsref.ts';
import { signed, word } from './searchharness.ts';
import {
  LONE, SLOTS, effectiveN, learnedPolynomial, minimumDelta, setCoefficients, tally, updateCorrelations, type Slot,
} from './learnref.ts';

const MAXP = 18;

const sw = (g: Game704, name: string, v: number, off = 0): void => g.poke(name, word(v), off);
const sr = (g: Game704, name: string, off = 0): number => signed(g.peek(name, off));

function putSlots(g: Game704, slots: Slot[]): void {
  slots.forEach((s, i) => {
    const j = -(i + 1);
    sw(g, 'AK', s.k, j); sw(g, 'ACR', s.c, j); sw(g, 'AN', s.n, j); sw(g, 'ALT', s.tally, j);
    sw(g, 'ACF', s.coef, j); sw(g, 'APW', s.pow, j); sw(g, 'LTV', s.tv, j);
  });
}

function getSlots(g: Game704): Slot[] {
  return [...Array(SLOTS).keys()].map((i) => {
    const j = -(i + 1);
    return {
      k: sr(g, 'AK', j), c: sr(g, 'ACR', j), n: sr(g, 'AN', j), tally: sr(g, 'ALT', j),
      coef: sr(g, 'ACF', j), pow: sr(g, 'APW', j), tv: sr(g, 'LTV', j),
    };
  });
}

const reserveOf = (g: Game704): number[] => [...Array(22).keys()].map((j) => sr(g, 'ARV', -(j + 1)));

function randomSlots(rand: () => number): Slot[] {
  const pick = <T>(a: T[]): T => a[Math.floor(rand() * a.length)]!;
  return [...Array(SLOTS).keys()].map((i) => {
    const p = Math.floor(rand() * 20) - 1;
    return {
      k: i + 1,
      c: rand() < 0.15 ? 0 : Math.round((rand() * 2 - 1) * LONE),
      n: pick([0, 3, 14, 15, 30, 31, 32, 40, 63, 64, 100, 127, 128, 200, 255, 256, 300, 1000]),
      tally: Math.floor(rand() * 7),
      coef: p < 0 ? 0 : (rand() < 0.5 ? -1 : 1) * 2 ** p,
      pow: p,
      tv: rand() < 0.3 ? 0 : Math.floor(rand() * 11) - 5,
    };
  });
}

describe('the rules (learnref.ts)', () => {
  it("Samuel's N: 16 until 32 uses, then powers of two, never above 256", () => {
    expect([1, 15, 16, 31, 32, 63, 64, 127, 128, 255, 256, 257, 5000].map(effectiveN))
      .toEqual([16, 16, 16, 16, 32, 32, 64, 64, 128, 128, 256, 256, 256]);
  });
});

describe('LUPD and LCOEF - correlations and coefficients on constructed inputs', () => {
  let g: Game704;
  beforeAll(() => { g = new Game704().start(); });

  it('match the statement of the rules on 300 random cases', () => {
    const rand = rng(8);
    let adjusted = 0;
    let skippedByRule = 0;
    for (let t = 0; t < 300; t++) {
      const slots = randomSlots(rand);
      const delta = (rand() < 0.5 ? -1 : 1) * (rand() < 0.05 ? 0 : Math.floor(rand() * 2 ** 20));
      const weight = Math.floor(rand() * 3);
      const positiveDeltaRule = rand() < 0.4;
      const saved = (rand() < 0.5 ? -1 : 1) * Math.floor(rand() * 20000);
      const min = 1 + Math.floor(rand() * 8000);
      putSlots(g, slots);
      sw(g, 'LDEL', delta); sw(g, 'LWS', weight); sw(g, 'LPOSD', positiveDeltaRule ? 1 : 0);
      sw(g, 'LSAVE', saved); sw(g, 'LMIN', min);
      g.call('LUPD');
      const want = slots.map((s) => ({ ...s }));
      const n = updateCorrelations(want, { delta, weight, positiveDeltaRule, saved, min });
      expect(sr(g, 'LNA'), `case ${t}`).toBe(n);
      const got = getSlots(g);
      expect(got.map((s) => [s.c, s.n]), `case ${t}`).toEqual(want.map((s) => [s.c, s.n]));
      adjusted += n;
      if (positiveDeltaRule && delta > 0) skippedByRule += slots.filter((s) => s.tv !== 0).length - n;
      // coefficients from the new correlations
      g.call('LCOEF');
      const lead = setCoefficients(want, MAXP);
      expect(sr(g, 'LLEAD'), `case ${t}`).toBe(lead);
      expect(getSlots(g).map((s) => [s.coef, s.pow]), `case ${t}`).toEqual(want.map((s) => [s.coef, s.pow]));
      for (const s of getSlots(g)) expect(Math.abs(s.c)).toBeLessThanOrEqual(LONE);
    }
    expect(adjusted).toBeGreaterThan(1000);
    expect(skippedByRule).toBeGreaterThan(50);
  });

  it("Appendix C's table worked by hand: its correlations give its powers of 2, the leader at 2^18", () => {
    const slots: Slot[] = [...Array(SLOTS).keys()].map((i) => ({ k: i + 1, c: 0, n: 0, tally: 0, coef: 0, pow: -1, tv: 0 }));
    // MOC 2, KCENT, MOC 4, MODE 3, DEMMO, MOVE, ADV, MODE 2, BACK, CNTR, THRET, MOC 3 (signs as printed)
    const cs = [-0.45, 0.40, -0.35, -0.33, -0.27, 0.19, -0.19, -0.19, -0.14, 0.13, 0.13, 0.10];
    cs.forEach((c, i) => { slots[i]!.c = Math.round(c * LONE); });
    putSlots(g, slots);
    g.call('LCOEF');
    const got = getSlots(g);
    expect(got.slice(0, 12).map((s) => s.pow)).toEqual([18, 16, 14, 13, 11, 8, 8, 8, 6, 5, 5, 4]);
    expect(got.slice(0, 12).map((s) => Math.sign(s.coef))).toEqual(cs.map(Math.sign));
    expect(got[0]!.coef).toBe(-(2 ** 18));
    expect(sr(g, 'LLEAD')).toBe(1);
    expect(got.slice(12).every((s) => s.coef === 0 && s.pow === -1)).toBe(true);
    // a term 1/36 of the leader or less rounds to 2^0, never to 0
    slots[12]!.c = Math.round(0.012 * LONE);
    putSlots(g, slots);
    g.call('LCOEF');
    expect(sr(g, 'ACF', -13)).toBe(1);
  });

  it('one term used once moves a new term by 1/16 of the way, doubled and quadrupled', () => {
    for (const [weight, want] of [[0, 4096], [1, 8192], [2, 16384]] as const) {
      const slots: Slot[] = [...Array(SLOTS).keys()].map((i) => ({ k: i + 1, c: 0, n: 0, tally: 0, coef: 2 ** 18, pow: 18, tv: 0 }));
      slots[2]!.tv = 3;
      slots[5]!.tv = -2;
      putSlots(g, slots);
      sw(g, 'LDEL', 5000); sw(g, 'LWS', weight); sw(g, 'LPOSD', 0);
      g.call('LUPD');
      expect(sr(g, 'ACR', -3)).toBe(want);
      expect(sr(g, 'ACR', -6)).toBe(-want);
      expect(sr(g, 'AN', -3)).toBe(1);
      expect(sr(g, 'AN', -1)).toBe(0);
    }
  });
});

describe('LTALY - low-term tallies and term replacement', () => {
  it('the lowest term is tallied; at the 8th tally it goes to the tail of the reserve and the head comes in', () => {
    const g = new Game704().start();
    const rand = rng(3);
    const slots = randomSlots(rand).map((s) => ({ ...s, tally: 0 }));
    slots.forEach((s, i) => { s.c = (i % 2 ? -1 : 1) * (1000 + 997 * i); });
    slots[9]!.c = 17; // the lowest |C|
    slots[9]!.n = 123;
    putSlots(g, slots);
    g.call('LCOEF');
    const want = getSlots(g);
    const reserve = reserveOf(g);
    expect(reserve).toEqual([...Array(22).keys()].map((j) => 17 + j));
    sw(g, 'LND', 0);
    for (let t = 1; t <= 8; t++) {
      g.call('LTALY');
      const r = tally(want, reserve, 8);
      if (r) setCoefficients(want, MAXP);
      const got = getSlots(g);
      expect(got.map((s) => [s.k, s.c, s.n, s.tally, s.coef]), `tally ${t}`).toEqual(want.map((s) => [s.k, s.c, s.n, s.tally, s.coef]));
      expect(reserveOf(g), `tally ${t}`).toEqual(reserve);
      if (t < 8) expect(sr(g, 'ALT', -10)).toBe(t);
    }
    expect(sr(g, 'AK', -10)).toBe(17); // HOLE, the head of the reserve
    expect(reserveOf(g)[21]).toBe(10); // DIAV at the tail
    expect(reserveOf(g)[0]).toBe(18);
    expect(sr(g, 'LND')).toBe(1);
    expect(sr(g, 'LDK', -1)).toBe(10);
    expect(sr(g, 'LDN', -1)).toBe(123);
    // the new term has C = 0, so it is now the lowest and collects the next tallies
    g.call('LTALY');
    expect(sr(g, 'ALT', -10)).toBe(1);
  });

  it('ties go to the first slot; a term retired comes back after the 22 in reserve', () => {
    const g = new Game704().start();
    const want: Slot[] = getSlots(g);
    const reserve = reserveOf(g);
    for (let t = 0; t < 8 * 30; t++) {
      g.call('LTALY');
      if (tally(want, reserve, 8)) setCoefficients(want, MAXP);
    }
    expect(getSlots(g).map((s) => [s.k, s.tally])).toEqual(want.map((s) => [s.k, s.tally]));
    expect(reserveOf(g)).toEqual(reserve);
    // all correlations 0: slot 1 takes every tally - 30 replacements; the 23rd brought ADV back
    // from the tail of the reserve, the 30th OREO (23)
    expect(sr(g, 'LNREP')).toBe(30);
    expect(sr(g, 'AK', -1)).toBe(23);
    expect(reserveOf(g).slice(-7)).toEqual([1, 17, 18, 19, 20, 21, 22]);
  });
});

describe('LRSAV - the remembered position, scored with Alpha\'s polynomial', () => {
  it('keeps each term\'s P(R) - P(R\') and EVAL\'s score with only the non-zero coefficients in the table', () => {
    const g = new Game704().start();
    const rand = rng(11);
    for (let t = 0; t < 25; t++) {
      const pos = t === 0 ? startPosition() : randomGamePosition(rand, 10 + Math.floor(rand() * 50));
      const slots = randomSlots(rand);
      const ks = [...Array(38).keys()].map((k) => k + 1).sort(() => rand() - 0.5).slice(0, 16);
      slots.forEach((s, i) => { s.k = ks[i]!; });
      putSlots(g, slots);
      g.setPosition(0, pos);
      g.call('LRSAV');
      const got = getSlots(g);
      let sum = 0;
      slots.forEach((s, i) => {
        const tv = term(TERMS[s.k - 1]![1], pos);
        expect(got[i]!.tv, `${t} ${TERMS[s.k - 1]![0]}`).toBe(tv);
        sum += s.coef * tv;
      });
      expect(sr(g, 'LSAVE'), `position ${t}`).toBe(64 * learnedPolynomial(pieceTerm(pos), sum));
      expect(sr(g, 'VNT')).toBe(slots.filter((s) => s.coef !== 0).length);
      expect(sr(g, 'LHAVE')).toBe(1);
    }
  });
});

describe('LPOST - one learning step after an Alpha move', () => {
  function setup(seed: number, material: 'same' | 'changed', big = false) {
    const g = new Game704().start();
    const rand = rng(seed);
    const pos = randomGamePosition(rand, 20);
    g.setPosition(0, pos);
    const slots = randomSlots(rand).map((s) => ({ ...s, tally: 0 }));
    putSlots(g, slots);
    g.call('LCOEF'); // coefficients consistent with the correlations
    g.call('LRSAV'); // remember this position (and its D, T)
    if (material === 'changed') sw(g, 'LSD', sr(g, 'LSD') + 2);
    const before = getSlots(g);
    const saved = sr(g, 'LSAVE');
    const min = minimumDelta(before);
    sw(g, 'LON', 1); sw(g, 'GMODE', 2);
    g.poke('LALPH', pos.blackToMove ? 0 : 1);
    return { g, before, saved, min, pos, big };
  }

  it('below the minimum delta nothing changes but the tally; the position is saved again', () => {
    const { g, before, saved, min } = setup(5, 'same');
    sw(g, 'GSCOR', saved + Math.floor(min / 2));
    g.call('LPOST');
    const got = getSlots(g);
    expect(got.map((s) => [s.c, s.n, s.coef])).toEqual(before.map((s) => [s.c, s.n, s.coef]));
    expect(got.reduce((a, s) => a + s.tally, 0)).toBe(1);
    expect(sr(g, 'LMIN')).toBe(min);
    expect(sr(g, 'LDEL')).toBe(Math.floor(min / 2));
  });

  for (const [what, material, extra, weight] of [
    ['same material: changes times 1', 'same', 0, 0],
    ['the piece ratio changed: doubled', 'changed', 0, 1],
    ['near a sure win or loss: quadrupled', 'same', 98304, 2],
  ] as const) {
    it(what, () => {
      const { g, before, saved, min } = setup(6, material);
      const delta = -(min + 640 + extra);
      sw(g, 'GSCOR', saved + delta);
      g.call('LPOST');
      const want = before.map((s) => ({ ...s }));
      updateCorrelations(want, { delta, weight, positiveDeltaRule: false, saved, min });
      setCoefficients(want, MAXP);
      tally(want, [], 8);
      expect(sr(g, 'LWS')).toBe(weight);
      expect(getSlots(g).map((s) => [s.c, s.n, s.coef, s.tally])).toEqual(want.map((s) => [s.c, s.n, s.coef, s.tally]));
    });
  }

  it('second series (LSPAN): below the minimum the remembered position is kept, so the span grows', () => {
    const { g, saved, min } = setup(5, 'same');
    sw(g, 'LSPAN', 1);
    const tv = getSlots(g).map((s) => s.tv);
    g.setPosition(0, randomGamePosition(rng(99), 30)); // a later position
    sw(g, 'GSCOR', saved + Math.floor(min / 2));
    g.call('LPOST');
    expect(sr(g, 'LSAVE')).toBe(saved);
    expect(getSlots(g).map((s) => s.tv)).toEqual(tv);
    // above the minimum: adjusted with the old position's terms, then the new position saved
    const before = getSlots(g);
    const delta = min + 1000;
    sw(g, 'GSCOR', saved + delta);
    g.call('LPOST');
    const want = before.map((s) => ({ ...s }));
    updateCorrelations(want, { delta, weight: sr(g, 'LWS'), positiveDeltaRule: false, saved, min });
    expect(getSlots(g).map((s) => s.c)).toEqual(want.map((s) => s.c));
    expect(sr(g, 'LSAVE')).not.toBe(saved);
  });

  it('Beta\'s moves and games without learning leave everything alone', () => {
    const { g, before, saved, min } = setup(7, 'same');
    g.poke('LALPH', 1 - g.peek('LALPH'));
    sw(g, 'GSCOR', saved - 10 * min - 1000);
    g.call('LPOST');
    expect(getSlots(g)).toEqual(before);
    g.poke('LALPH', 1 - g.peek('LALPH'));
    sw(g, 'LON', 0);
    g.call('LPOST');
    expect(getSlots(g)).toEqual(before);
  });
});

describe('LGEND - the end of a learning game', () => {
  function endGame(g: Game704, alphaWins: boolean | 'draw'): string[] {
    const start = g.m.printer.lines.length;
    sw(g, 'LON', 1); sw(g, 'GMODE', 2); sw(g, 'LGACT', 1);
    const text = alphaWins === 'draw' ? 'GTREP' : 'GTNOMV';
    g.poke('GOV3', g.sym(text));
    g.poke('GLOSER', alphaWins === true ? 1 - g.peek('LALPH') : g.peek('LALPH'));
    g.call('LGEND');
    return g.m.printer.lines.slice(start).map((l) => l.replace(/^\f/, '').trimEnd());
  }

  it('Alpha wins: Beta adopts Alpha\'s polynomial', () => {
    const g = new Game704().start();
    const slots = randomSlots(rng(21));
    slots.forEach((s, i) => { s.k = 38 - i; });
    putSlots(g, slots);
    g.call('LCOEF');
    const alpha = getSlots(g);
    const lines = endGame(g, true);
    expect(lines[0]).toBe('ALPHA WINS - BETA ADOPTS ALPHA POLYNOMIAL');
    for (let i = 1; i <= 16; i++) {
      expect(sr(g, 'UK', -i)).toBe(alpha[i - 1]!.k);
      expect(sr(g, 'UCF', -i)).toBe(alpha[i - 1]!.coef);
    }
    expect(sr(g, 'LBM')).toBe(0);
    expect(sr(g, 'VNT')).toBe(3); // EVAL's default table back
    expect(sr(g, 'LGACT')).toBe(0);
  });

  it('second series (LMAJ): Beta adopts only after a majority of wins since it last adopted', () => {
    const g = new Game704().start();
    sw(g, 'LMAJ', 1);
    const slots = randomSlots(rng(24));
    slots.forEach((s, i) => { s.k = 38 - i; s.coef = 2 ** (i % 7); });
    putSlots(g, slots);
    const betaK = () => [...Array(16).keys()].map((i) => sr(g, 'UK', -i - 1));
    const original = betaK();
    expect(endGame(g, false)[0]).toBe('ALPHA LOSES - BLACK MARK 1');
    expect(endGame(g, true)[0]).toBe('ALPHA WINS - NO MAJORITY YET, BETA KEEPS ITS POLYNOMIAL');
    expect(betaK()).toEqual(original);
    expect(endGame(g, true)[0]).toBe('ALPHA WINS - BETA ADOPTS ALPHA POLYNOMIAL'); // 2 of 3
    expect(betaK()).toEqual(slots.map((s) => s.k));
    expect(sr(g, 'LSW')).toBe(0);
    expect(sr(g, 'LSG')).toBe(0);
  });

  it('a draw changes nothing; Alpha changes colour each game', () => {
    const g = new Game704().start();
    const beta = [...Array(16).keys()].map((i) => [sr(g, 'UK', -i - 1), sr(g, 'UCF', -i - 1)]);
    putSlots(g, randomSlots(rng(22)));
    const c0 = g.peek('LALPH');
    const lines = endGame(g, 'draw');
    expect(lines[0]).toBe('DRAWN - POLYNOMIALS KEPT');
    expect([...Array(16).keys()].map((i) => [sr(g, 'UK', -i - 1), sr(g, 'UCF', -i - 1)])).toEqual(beta);
    expect(g.peek('LALPH')).toBe(1 - c0);
    expect(sr(g, 'LDRWS')).toBe(1);
  });

  it('a repetition is judged on material ("Beta wins or is ahead"): a black mark, then a win; adoption clears the marks', () => {
    const g = new Game704().start();
    putSlots(g, randomSlots(rng(25)));
    g.call('LCOEF');
    const pos = emptyPosition(true); // Black to move: two kings against a man
    pos.squares[1] = BLACK_KING; pos.squares[5] = BLACK_KING; pos.squares[30] = WHITE_MAN;
    const repetition = (alpha: 0 | 1) => {
      g.setPosition(0, pos);
      g.poke('LALPH', alpha);
      const start = g.m.printer.lines.length;
      sw(g, 'LON', 1); sw(g, 'GMODE', 2); sw(g, 'LGACT', 1);
      g.poke('GOV3', g.sym('GTREP'));
      g.call('LGEND');
      return g.m.printer.lines[start]!.trimEnd();
    };
    expect(repetition(1)).toBe('ALPHA LOSES - BLACK MARK 1'); // Alpha White, behind
    expect(repetition(1)).toBe('ALPHA LOSES - BLACK MARK 2');
    expect(repetition(0)).toBe('ALPHA WINS - BETA ADOPTS ALPHA POLYNOMIAL'); // Alpha Black, ahead
    expect(sr(g, 'LBM')).toBe(0);
    expect([sr(g, 'LWINS'), sr(g, 'LLOSS'), sr(g, 'LDRWS')]).toEqual([1, 2, 0]);
    pos.squares[5] = EMPTY; pos.squares[30] = WHITE_KING; // even: a draw
    expect(repetition(0)).toBe('DRAWN - POLYNOMIALS KEPT');
  });

  it('three losses: three black marks, then the leading term\'s correlation and coefficient are zeroed', () => {
    const g = new Game704().start();
    const slots = randomSlots(rng(23));
    slots.forEach((s) => { s.c = Math.sign(s.c) * Math.min(Math.abs(s.c), LONE / 2); });
    slots[6]!.c = -Math.round(0.9 * LONE); // slot 7 (CRAMP) leads
    putSlots(g, slots);
    g.call('LCOEF');
    const beta = [...Array(16).keys()].map((i) => sr(g, 'UCF', -i - 1));
    expect(endGame(g, false)[0]).toBe('ALPHA LOSES - BLACK MARK 1');
    expect(endGame(g, false)[0]).toBe('ALPHA LOSES - BLACK MARK 2');
    const lines = endGame(g, false);
    expect(lines[0]).toBe('ALPHA LOSES - BLACK MARK 3');
    expect(lines[1]).toBe('BLACK MARKS AT LIMIT - LEADING TERM CRAMP  SET TO 0');
    expect(sr(g, 'ACR', -7)).toBe(0);
    expect(sr(g, 'ACF', -7)).toBe(0);
    expect(sr(g, 'LBM')).toBe(0);
    const want = slots.map((s) => ({ ...s }));
    want[6]!.c = 0;
    setCoefficients(want, MAXP);
    expect(getSlots(g).map((s) => s.coef)).toEqual(want.map((s) => s.coef));
    expect(Math.max(...getSlots(g).map((s) => Math.abs(s.coef)))).toBe(2 ** 18); // a new leader
    expect([...Array(16).keys()].map((i) => sr(g, 'UCF', -i - 1))).toEqual(beta); // Beta kept its own
    expect(lines[2]).toMatch(/^ALPHA AFTER GAME 0 - ADJUSTMENTS 0 REPLACED 0 BLACK MARKS 0$/);
  });
});

describe('rote and generalization learning kept apart (*LEARN COMBINE)', () => {
  it('a learning game with rote learning on turns learning off unless *LEARN COMBINE was given', () => {
    for (const combine of [0, 1]) {
      const g = new Game704().start();
      g.setPosition(0, startPosition());
      sw(g, 'LON', 1); sw(g, 'GMODE', 2); sw(g, 'KON', 1); sw(g, 'LGACT', 0); sw(g, 'LCMB', combine);
      const before = g.m.printer.lines.length;
      g.call('LPRE');
      const printed = g.m.printer.lines.slice(before).map((l) => l.trimEnd());
      if (combine) {
        expect(sr(g, 'LON')).toBe(1);
        expect(sr(g, 'LGACT')).toBe(1);
        expect(printed[0]).toMatch(/^ALPHA PLAYS (BLACK|WHITE) - LEARNING GAME 1$/);
      } else {
        expect(sr(g, 'LON')).toBe(0);
        expect(sr(g, 'LGACT')).toBe(0);
        expect(printed).toEqual(['LEARN OFF - ROTE LEARNING ON, NEEDS *LEARN COMBINE']);
      }
    }
  });
});
