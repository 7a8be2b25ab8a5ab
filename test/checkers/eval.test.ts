// params.sap and eval.sap: the parameter routines and the scoring polynomial, against the
// TypeScript reference (searchref.ts) on random positions; the trading property of the piece
// term; the give-away switch; emulated time of a 4-term evaluation.

import { describe, expect, it } from 'vitest';
import { PLYK } from './harness.ts';
import { Search704, signed, word } from './searchharness.ts';
import { parseFen, toFen, type Position, mixedPositions } from './reference.ts';
import { ADV, CADV, CENT, DENY, DEFAULTS, MOB, OFFER, material, pieceTerm, polynomial, turned } from './searchref.ts';

const positions = (n: number, seed: number): Position[] => mixedPositions(seed, n, 2, 60);

describe('parameter routines (params.sap)', () => {
  const c = new Search704();
  c.call('BITINI');
  const routines: [string, (p: Position) => number][] = [
    ['EMOB', MOB], ['EDENY', DENY], ['EXOFR', OFFER], ['ECENT', CENT], ['EADV', ADV], ['ECADV', CADV],
  ];

  it('agree with the reference on random positions, for both sides, and keep XR1 and XR4', () => {
    const seen = new Map<string, Set<number>>();
    let exchanges = 0;
    positions(400, 31).forEach((pos, i) => {
      if (DENY(pos) < OFFER(pos)) exchanges++; // the "without an exchange" clause mattered
      const ply = i % 12;
      c.setPosition(ply, pos);
      for (const [name, ref] of routines) {
        const r = c.call(name, { xr1: PLYK * ply });
        expect(signed(r.ac), `${name} ${toFen(pos)}`).toBe(ref(pos));
        expect(r.xr1).toBe(PLYK * ply);
        expect(r.xr4).toBe(32768 - c.stub);
        // The same routine on the scratch record (the position turned round), as EVAL uses it.
        c.call('EVAL', { xr1: PLYK * ply });
        const t = c.call(name, { xr1: c.peek('ESCRX') });
        expect(signed(t.ac), `${name} turned ${toFen(pos)}`).toBe(ref(turned(pos)));
        if (!seen.has(name)) seen.set(name, new Set());
        seen.get(name)!.add(ref(pos));
      }
    });
    // The positions really exercised the parameters (not all zero).
    for (const [name] of routines) expect(seen.get(name)!.size, name).toBeGreaterThan(3);
    expect(exchanges).toBeGreaterThan(10);
  });
});

describe('EVAL (eval.sap)', () => {
  const c = new Search704();
  c.call('BITINI');

  it('EMAT gives the material credits (2 a man, 3 a king)', () => {
    for (const pos of positions(200, 32)) {
      c.setPosition(3, pos);
      const r = c.call('EMAT', { xr1: PLYK * 3 });
      const [d, t] = material(pos);
      expect(signed(r.ac)).toBe(d);
      expect(c.peek('EMATT')).toBe(t);
    }
  });

  it('equals 64 times the reference polynomial on random positions', () => {
    const lines: number[] = [];
    for (const pos of positions(400, 33)) {
      c.setPosition(2, pos);
      const r = c.call('EVAL', { xr1: PLYK * 2 });
      const want = polynomial(pos);
      expect(signed(c.peek('ESUM')), toFen(pos)).toBe(want);
      expect(signed(r.ac), toFen(pos)).toBe(64 * want);
      if (want === 0) expect(r.ac).toBe(0); // +0, never -0
      expect(r.xr1).toBe(PLYK * 2);
      lines.push(r.cycles);
    }
    const mean = lines.reduce((a, b) => a + b, 0) / lines.length;
    console.log(`EVAL, 4 terms: mean ${mean.toFixed(0)} cycles = ${(mean * 0.012).toFixed(2)} ms, min ${Math.min(...lines)}, max ${Math.max(...lines)} (Samuel: 2.4 ms)`);
  });

  it('is antisymmetric in the piece term and symmetric in colour', () => {
    // Turning the side to move round negates the piece term exactly.
    c.poke('VNT', 0);
    for (const pos of positions(100, 34)) {
      c.setPosition(1, pos);
      const a = signed(c.call('EVAL', { xr1: PLYK }).ac);
      c.setPosition(1, turned(pos));
      const b = signed(c.call('EVAL', { xr1: PLYK }).ac);
      expect(a).toBe(0 - b);
      expect(a).toBe(64 * pieceTerm(pos));
    }
    c.poke('VNT', 3);
  });

  it('rewards even trades when ahead and penalises them when behind (piece term alone)', () => {
    c.poke('VNT', 0);
    const score = (fen: string): number => {
      c.setPosition(0, parseFen(fen));
      return signed(c.call('EVAL', { xr1: 0 }).ac);
    };
    // Black to move, men only, Black a man ahead: each position trades one man each from the last.
    const ahead = ['B:W21,22,23,24,25:B1,2,3,4,5,6', 'B:W21,22,23,24:B1,2,3,4,5', 'B:W21,22,23:B1,2,3,4', 'B:W21,22:B1,2,3', 'B:W21:B1,2'];
    const sa = ahead.map(score);
    for (let i = 1; i < sa.length; i++) expect(sa[i]!, ahead[i]).toBeGreaterThan(sa[i - 1]!);
    // The same positions with White to move: the side behind loses more by each trade.
    const behind = ahead.map((f) => `W${f.slice(1)}`);
    const sb = behind.map(score);
    for (let i = 1; i < sb.length; i++) expect(sb[i]!, behind[i]).toBeLessThan(sb[i - 1]!);
    // Even material: trading changes nothing.
    expect(score('B:W21,22,23:B1,2,3')).toBe(0);
    expect(score('B:W21:B1')).toBe(0);
    // Still, winning a piece always beats trading down: one man up with 4 against 3 is worth
    // less than 2 against 1, but more than being even.
    expect(score('B:W21,22,23:B1,2,3,4')).toBeGreaterThan(0);
    // Kings weigh 3 to a man's 2: three men against two kings is even material.
    expect(score('B:WK21,K22:B1,2,3')).toBe(0);
    expect(score('B:WK21,K22:B1,2,K3')).toBeGreaterThan(0);
    c.poke('VNT', 3);
  });

  it('the give-away switch reverses the sign of the piece term only', () => {
    for (const pos of positions(60, 35)) {
      c.setPosition(0, pos);
      c.poke('VGIVE', 0);
      const a = signed(c.call('EVAL', { xr1: 0 }).ac);
      c.poke('VGIVE', 1);
      const b = signed(c.call('EVAL', { xr1: 0 }).ac);
      c.poke('VGIVE', 0);
      expect(b).toBe(64 * polynomial(pos, { ...DEFAULTS, give: true }));
      expect(a - b).toBe(2 * 64 * pieceTerm(pos));
    }
  });

  it('uses the coefficient table (VTC) and the term count (VNT)', () => {
    const pos = positions(1, 36)[0]!;
    c.setPosition(0, pos);
    c.poke('VTC', word(5), -2); // MOB's coefficient
    c.poke('VNT', 2); // DENY and MOB only
    const r = signed(c.call('EVAL', { xr1: 0 }).ac);
    expect(r).toBe(64 * polynomial(pos, { ...DEFAULTS, cMob: 5, cCadv: 0 }));
    c.poke('VTC', word(16), -2);
    c.poke('VNT', 3);
  });
});
