// terms.sap: the 38 terms of Samuel's Appendix C (26 simple parameters, 12 binary connective
// terms) against the independent reference termsref.ts, on random positions for both sides and
// on edge cases; the connectives' truth table (XCNV); the names table; emulated time.

import { describe, expect, it } from 'vitest';
import { PLYK } from './harness.ts';
import { Search704, signed, termRoutine, word } from './searchharness.ts';
import { emptyPosition, parseFen, randomGamePosition, rng, startPosition, toFen, type Position, mixedPositions } from './reference.ts';
import { turned } from './searchref.ts';
import { SPECIAL, TERMS, connective } from './termsref.ts';

/** Call term k's routine on ply record `ply` through the table entry. */
const callTerm = (c: Search704, k: number, ply: number) => c.call(termRoutine(c, k), { xr1: PLYK * ply });

const positions = (n: number, seed: number): Position[] => mixedPositions(seed, n, 3, 90);

describe('the 38 terms (terms.sap) against the reference', () => {
  const c = new Search704();
  c.call('BITINI');
  const all: Position[] = [...SPECIAL.map(parseFen), startPosition(), ...positions(300, 81)];
  all.push(...all.map(turned)); // both sides of each position

  it('the table has 38 terms whose names are the reference names, in Appendix C order', () => {
    expect(c.peek('PNT')).toBe(38);
    expect(TERMS.length).toBe(38);
    const BCD: Record<string, number> = { ' ': 0o60 };
    '0123456789'.split('').forEach((d, i) => (BCD[d] = i));
    'ABCDEFGHI'.split('').forEach((d, i) => (BCD[d] = 0o21 + i));
    'JKLMNOPQR'.split('').forEach((d, i) => (BCD[d] = 0o41 + i));
    'STUVWXYZ'.split('').forEach((d, i) => (BCD[d] = 0o62 + i));
    TERMS.forEach(([name], i) => {
      const k = i + 1;
      const want = name.padEnd(6).split('').reduce((w, ch) => w * 64 + BCD[ch]!, 0);
      expect(c.peek('PNM', -k), `name of term ${k}`).toBe(want);
    });
    // The four parameters params.sap already had are reused, not copied.
    expect(termRoutine(c, 1)).toBe('EADV');
    expect(termRoutine(c, 4)).toBe('ECENT');
    expect(termRoutine(c, 8)).toBe('EDENY');
    expect(termRoutine(c, 19)).toBe('EMOB');
  });

  TERMS.forEach(([name, ref], i) => {
    const k = i + 1;
    it(`term ${k} ${name}: every position, both sides; XR1 and XR4 kept`, () => {
      const values = new Map<number, number>();
      all.forEach((pos, j) => {
        const ply = j % 10;
        c.setPosition(ply, pos);
        const r = callTerm(c, k, ply);
        const want = ref(pos);
        expect(signed(r.ac), `${name} ${toFen(pos)}`).toBe(want);
        expect(r.xr1).toBe(PLYK * ply);
        expect(r.xr4).toBe(32768 - c.stub);
        values.set(want, (values.get(want) ?? 0) + 1);
      });
      // The positions exercise the term: it takes at least two values, the rarer at least twice.
      const counts = [...values.values()].sort((a, b) => a - b);
      expect(values.size, `${name} values ${[...values.entries()].join(' ')}`).toBeGreaterThan(1);
      expect(counts[counts.length - 2]!, `${name} values ${[...values.entries()].join(' ')}`).toBeGreaterThan(1);
    });
  });

  it('work on the turned scratch record of EVAL as well (XR1 = ESCRX)', () => {
    for (const pos of positions(40, 82)) {
      c.setPosition(0, pos);
      TERMS.forEach(([name, ref], i) => {
        c.call('EVAL', { xr1: 0 });
        const r = c.call(termRoutine(c, i + 1), { xr1: c.peek('ESCRX') });
        expect(signed(r.ac), `${name} turned ${toFen(pos)}`).toBe(ref(turned(pos)));
      });
    }
  });

  it('edge cases: an empty board and one side without pieces give sensible values', () => {
    const cases = [emptyPosition(true), emptyPosition(false), parseFen('B:W:B1,2,3'), parseFen('W:W:B1,2,3'), parseFen('B:WK5:B')];
    for (const pos of cases) {
      c.setPosition(1, pos);
      TERMS.forEach(([name, ref], i) => {
        expect(signed(callTerm(c, i + 1, 1).ac), `${name} ${toFen(pos)}`).toBe(ref(pos));
      });
    }
  });
});

describe('binary connective terms', () => {
  const c = new Search704();
  c.call('BITINI');

  it('XCNV: the truth table of the four forms on a sign basis (> 0 is 1, 0 and below are 0)', () => {
    const vals = [-3, -1, 0, 1, 2, 7];
    for (let form = 1; form <= 4; form++) {
      for (const a of vals) {
        for (const b of vals) {
          const r = c.call('XCNV', { mq: word(a), ac: word(b), xr2: form });
          const want = connective(form, a, b);
          expect(r.ac, `form ${form} A=${a} B=${b}`).toBe(want);
          expect(r.xr2).toBe(form);
        }
      }
      // -0 counts as 0
      expect(c.call('XCNV', { mq: 2 ** 35, ac: 2 ** 35, xr2: form }).ac).toBe(form === 4 ? 1 : 0);
    }
    // Exactly one of the four forms is 1 for any pair of terms.
    for (const a of vals) for (const b of vals) expect([1, 2, 3, 4].map((f) => connective(f, a, b)).reduce((x, y) => x + y)).toBe(1);
  });

  it('the four terms of each pair sum to 1 on every position (one case holds)', () => {
    for (const pos of positions(60, 83)) {
      c.setPosition(2, pos);
      for (const base of [27, 31, 35]) {
        let sum = 0;
        for (let k = base; k < base + 4; k++) sum += signed(callTerm(c, k, 2).ac);
        expect(sum, toFen(pos)).toBe(1);
      }
    }
  });
});

describe('emulated time', () => {
  it('all 38 terms on one position (Samuel: 16 terms, 7.5 ms)', () => {
    const c = new Search704();
    c.call('BITINI');
    const one = (pos: Position): number[] => {
      c.setPosition(0, pos);
      return TERMS.map((_, i) => callTerm(c, i + 1, 0).cycles);
    };
    const midgame = randomGamePosition(rng(84), 20);
    const cyc = one(midgame);
    const total = cyc.reduce((a, b) => a + b, 0);
    const many = positions(100, 85).map((p) => one(p).reduce((a, b) => a + b, 0));
    const mean = many.reduce((a, b) => a + b, 0) / many.length;
    const per = TERMS.map(([n], i) => `${n} ${cyc[i]}`).join(', ');
    console.log(`38 terms on ${toFen(midgame)}: ${total} cycles = ${(total * 0.012).toFixed(1)} ms (26 simple: ${cyc.slice(0, 26).reduce((a, b) => a + b, 0)} cycles); per term: ${per}`);
    console.log(`38 terms, 100 random positions: mean ${mean.toFixed(0)} cycles = ${(mean * 0.012).toFixed(1)} ms, min ${Math.min(...many)}, max ${Math.max(...many)}`);
    expect(total).toBeGreaterThan(0);
  });
});
