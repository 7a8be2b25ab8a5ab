// eval.sap's fused evaluator: with the default polynomial in the term table, EVAL scores a
// position in one pass (EF for boards without kings, either side to move; EG for any other)
// instead of term by term through the table (EVG, the general way, unchanged). It must give the
// same word as the general way, and 64 times the reference polynomial, on every position: here
// thousands from random games and random boards with kings, for either side to move, also with
// the piece weights and the give-away switch changed (which the fused way reads as the general
// way does).

import { describe, expect, it } from 'vitest';
import { PLYK } from './harness.ts';
import { Search704, signed, word } from './searchharness.ts';
import { BLACK_KING, BLACK_MAN, WHITE_KING, WHITE_MAN, emptyPosition, randomGamePosition, randomPosition, rng, toFen, type Position } from './reference.ts';
import { DEFAULTS, polynomial, type Params } from './searchref.ts';

const kings = (pos: Position): boolean => pos.squares.some((p) => p === BLACK_KING || p === WHITE_KING);

describe('the fused evaluator (EF, EG in eval.sap)', () => {
  it('has the row-pair tables EFTU and EFTD as defined (men and centre men of squares 9-16)', () => {
    const c = new Search704();
    const centre = new Set([10, 11, 14, 15]);
    for (let x = 0; x < 256; x++) {
      // Bit 7 of x (value 128) is square 9, bit 0 square 16.
      const squares = [...Array(8).keys()].filter((i) => (x >> (7 - i)) & 1).map((i) => 9 + i);
      const n = squares.length;
      const cen = squares.filter((s) => centre.has(s)).length;
      expect(c.m.cpu.mem[c.sym('EFTU') - x], `EFTU-${x}`).toBe(n + 64 * (cen + n));
      expect(c.m.cpu.mem[c.sym('EFTD') - x], `EFTD-${x}`).toBe(n + 64 * (cen - n + 8));
    }
  });

  it('has the piece-term table EFPT as defined (16*NA + NP men, the default weights)', () => {
    const c = new Search704();
    for (let x = 0; x < 256; x++) {
      const d = 2 * ((x >> 4) - (x & 15));
      const t = 2 * ((x >> 4) + (x & 15));
      const want = d === 0 ? 0 : 256 * d + Math.trunc((4096 * d) / t);
      expect(signed(c.m.cpu.mem[c.sym('EFPT') - x]!), `EFPT-${x}`).toBe(want);
      if (want === 0) expect(c.m.cpu.mem[c.sym('EFPT') - x], `EFPT-${x} is +0`).toBe(0);
    }
  });

  it('scores boards with more than 15 men a side (a setup only) the same as the general way', () => {
    const c = new Search704();
    c.call('BITINI');
    const efk = c.peek('EFK');
    const rand = rng(73);
    let many = 0;
    for (let i = 0; i < 300; i++) {
      // Men only, none on its crowning row; up to 24 of one colour.
      const pos = emptyPosition(rand() < 0.5);
      const black = Math.floor(rand() * 25);
      const white = Math.floor(rand() * (25 - black));
      const free = Array.from({ length: 24 }, (_, k) => k + 5); // squares 5-28
      const men = [...Array(black).fill(BLACK_MAN), ...Array(white).fill(WHITE_MAN)];
      for (const man of men.slice(0, free.length)) pos.squares[free.splice(Math.floor(rand() * free.length), 1)[0]!] = man;
      if (Math.max(black, white) > 15) many++;
      c.setPosition(0, pos);
      const a = c.call('EVAL', { xr1: 0 });
      const sumA = c.peek('ESUM');
      c.poke('EFK', efk + 1);
      const b = c.call('EVAL', { xr1: 0 });
      c.poke('EFK', efk);
      const fen = toFen(pos);
      expect(a.ac, fen).toBe(b.ac);
      expect(signed(sumA), fen).toBe(signed(c.peek('ESUM')));
      expect(signed(a.ac), fen).toBe(64 * polynomial(pos));
    }
    expect(many).toBeGreaterThan(30);
  });

  it('is taken with the term table as assembled (EFK is a copy of VNT, VTR-1..3, VTC-1..3)', () => {
    const c = new Search704();
    const table = [c.peek('VNT'), ...[1, 2, 3].map((k) => c.peek('VTR', -k)), ...[1, 2, 3].map((k) => c.peek('VTC', -k))];
    expect([0, 1, 2, 3, 4, 5, 6].map((k) => c.peek('EFK', k))).toEqual(table);
    c.call('BITINI');
    c.setPosition(0, randomGamePosition(rng(72), 10));
    const fused = c.call('EVAL', { xr1: 0 }).cycles;
    c.poke('VTC', word(17), -2); // any change to the table: the general way
    expect(c.call('EVAL', { xr1: 0 }).cycles).toBeGreaterThan(2 * fused);
  });

  it('gives the same score as the general way and the reference on 5000 positions', () => {
    const c = new Search704();
    c.call('BITINI');
    const rand = rng(71);
    const efk = c.peek('EFK');
    const cycles = { EF: [] as number[], EG: [] as number[], EVG: [] as number[] };
    let varied = 0;
    for (let i = 0; i < 5000; i++) {
      // 4000 positions of random games (few kings), 1000 random boards (many kings).
      const pos = i < 4000 ? randomGamePosition(rand, Math.floor(rand() * 70)) : randomPosition(rand);
      const ply = i % 8;
      c.setPosition(ply, pos);
      // One position in 8 with other piece weights or give-away (then read by both ways).
      let q: Params = DEFAULTS;
      if (i % 8 === 7) {
        q = [{ ...DEFAULTS, vpw1: 300 }, { ...DEFAULTS, vpw2: 5000 }, { ...DEFAULTS, vpw1: 100, vpw2: 1000, give: true }][varied++ % 3]!;
        c.poke('VPW1', word(q.vpw1));
        c.poke('VPW2', word(q.vpw2));
        c.poke('VGIVE', q.give ? 1 : 0);
      }
      const a = c.call('EVAL', { xr1: PLYK * ply });
      const sumA = c.peek('ESUM');
      const scr = [0, 1, 2, 3].map((k) => c.peek('ESCR', k));
      // The general way: EVAL's copy of the default table (EFK, its VNT) made different, so the
      // comparison fails; the table itself is as before.
      c.poke('EFK', efk + 1);
      const b = c.call('EVAL', { xr1: PLYK * ply });
      c.poke('EFK', efk);
      const fen = toFen(pos);
      expect(a.ac, fen).toBe(b.ac); // the same word, +0 for a zero score
      expect(signed(sumA), fen).toBe(signed(c.peek('ESUM')));
      expect(signed(a.ac), fen).toBe(64 * polynomial(pos, q));
      expect(a.xr1).toBe(PLYK * ply);
      expect(a.xr4).toBe(b.xr4);
      // The turned record, which EVAL leaves in ESCR for the parameter routines, is the same.
      expect(scr).toEqual([0, 1, 2, 3].map((k) => c.peek('ESCR', k)));
      if (q === DEFAULTS) {
        cycles[kings(pos) ? 'EG' : 'EF'].push(a.cycles);
        cycles.EVG.push(b.cycles);
      } else {
        c.poke('VPW1', word(DEFAULTS.vpw1));
        c.poke('VPW2', word(DEFAULTS.vpw2));
        c.poke('VGIVE', 0);
      }
    }
    expect(cycles.EF.length).toBeGreaterThan(1500);
    expect(cycles.EG.length).toBeGreaterThan(1000);
    const mean = (v: number[]): string => `${(v.reduce((x, y) => x + y, 0) / v.length).toFixed(0)}`;
    console.log(`EVAL cycles: no kings (EF) mean ${mean(cycles.EF)} min ${Math.min(...cycles.EF)} max ${Math.max(...cycles.EF)} over ${cycles.EF.length}; kings (EG) mean ${mean(cycles.EG)} over ${cycles.EG.length}; the general way mean ${mean(cycles.EVG)}`);
  });
});
