// board.sap: the square layout of samuel-program.md §1, the constants and square table the
// program uses, the ply-record layout, and STARTP, run on the emulated 704.

import { describe, expect, it } from 'vitest';
import {
  Checkers704, F, PLYK, SIGN, bitNumber, fromRecord, squareBit, squaresOf, toRecord, wordOf,
} from './harness.ts';
import { coords, randomPosition, rng, squareAt, startPosition, toFen } from './reference.ts';

describe('square layout (samuel-program.md §1)', () => {
  it('puts the 32 squares on bits 1-8, 10-17, 19-26, 28-35', () => {
    const bits = Array.from({ length: 32 }, (_, i) => bitNumber(i + 1));
    expect(new Set(bits).size).toBe(32);
    for (const b of [0, 9, 18, 27]) expect(bits).not.toContain(b);
    expect(Math.min(...bits)).toBe(1);
    expect(Math.max(...bits)).toBe(35);
  });

  it('makes every diagonal step a shift of 4 or 5 bits, off-board steps landing on unused bits', () => {
    // Black moves toward higher rows (forward, higher bit numbers). For each square and each of
    // the four diagonal neighbours on the real board, the bit difference must be +4/+5 forward
    // and -4/-5 backward, always the same per direction; a step off the board must land on bit
    // 9, 18, 27 or outside 1-35, so no shift-and-mask can mistake it for a square.
    const onBoard = new Set(Array.from({ length: 32 }, (_, i) => bitNumber(i + 1)));
    const stepOf = new Map<string, number>();
    for (let s = 1; s <= 32; s++) {
      const { row, col } = coords(s);
      for (const [dr, dc] of [[1, -1], [1, 1], [-1, 1], [-1, -1]] as const) {
        const t = squareAt(row + dr, col + dc);
        if (t === 0) continue;
        const key = `${dr},${dc}`;
        const step = bitNumber(t) - bitNumber(s);
        if (!stepOf.has(key)) stepOf.set(key, step);
        expect(step, `square ${s} to ${t}`).toBe(stepOf.get(key));
      }
    }
    expect([...stepOf.values()].sort()).toEqual([-4, -5, 4, 5].sort());
    for (let s = 1; s <= 32; s++) {
      const { row, col } = coords(s);
      for (const [dr, dc] of [[1, -1], [1, 1], [-1, 1], [-1, -1]] as const) {
        if (squareAt(row + dr, col + dc) !== 0) continue;
        const b = bitNumber(s) + stepOf.get(`${dr},${dc}`)!;
        expect(onBoard.has(b), `square ${s} stepping off the board lands on bit ${b}`).toBe(false);
      }
    }
  });

  it('translates positions to board words and back', () => {
    const rand = rng(7);
    for (let i = 0; i < 300; i++) {
      const pos = randomPosition(rand);
      expect(toFen(fromRecord(toRecord(pos)))).toBe(toFen(pos));
    }
    // Black to move: FA all Black, BA Black kings, FP White kings, BP all White.
    const r = toRecord(startPosition());
    expect(squaresOf(r.FA)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(r.BA).toBe(0);
    expect(r.FP).toBe(0);
    expect(squaresOf(r.BP)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32]);
  });
});

describe('board.sap', () => {
  const c = new Checkers704();
  const mem = c.m.cpu.mem;
  const at = (name: string): number => mem[c.sym(name)]!;

  it('has the square table SQTAB-s = bit of square s', () => {
    for (let s = 1; s <= 32; s++) expect(mem[c.sym('SQTAB') - s], `square ${s}`).toBe(squareBit(s));
  });

  it('has masks that agree with the layout', () => {
    expect(at('BOARD')).toBe(wordOf(Array.from({ length: 32 }, (_, i) => i + 1)));
    expect(squaresOf(at('ROW1'))).toEqual([1, 2, 3, 4]);
    expect(squaresOf(at('ROW8'))).toEqual([29, 30, 31, 32]);
    expect(squaresOf(at('INITB'))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(squaresOf(at('INITW'))).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32]);
    expect(at('ONE')).toBe(1);
  });

  it('lays out the ply record as the harness expects', () => {
    const stk = c.sym('STK');
    expect(c.sym('PLYK')).toBe(PLYK);
    for (const [name, off] of Object.entries(F)) expect(c.sym(name), name).toBe(stk + off);
    expect(c.sym('MW')).toBe(stk + 10);
    for (const [d, name] of [[1, 'RF'], [2, 'LF'], [3, 'LB'], [4, 'RB']] as const) expect(c.sym('MW') - d).toBe(c.sym(name));
    for (const name of ['FA', 'BA', 'FP', 'BP', 'ONLY', 'SIDE', 'DEP']) expect(c.sym(`C${name}`)).toBe(c.sym(name) - PLYK);
    // 40 plies below record 0, all inside the reserved block.
    expect(c.sym('STK') - 40 * PLYK).toBe(c.sym('PLYLO'));
  });

  it('STARTP sets ply 0 to the starting position, Black to move', () => {
    for (const f of ['FA', 'BA', 'FP', 'BP', 'ONLY'] as const) c.set(0, f, 0o123);
    c.set(0, 'SIDE', SIGN);
    const r = c.call('STARTP', { xr1: 0o1234, xr2: 0o2345 });
    expect(toFen(fromRecord(c.record(0)))).toBe(toFen(startPosition()));
    expect(c.get(0, 'SIDE')).toBe(0);
    expect(c.get(0, 'ONLY')).toBe(0);
    expect(r.xr1).toBe(0o1234);
    expect(r.xr2).toBe(0o2345);
  });
});
