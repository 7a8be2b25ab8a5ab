// moves.sap: MOVGEN (all moves of a position at once, by shift and mask) and NXTMOV (taking
// them out one by one), each called alone on the emulated 704 and checked against the
// independent reference generator on random positions with kings.

import { describe, expect, it } from 'vitest';
import {
  Checkers704, PLYK, SIGN, bitNumber, squareBit, squaresOf, toRecord, wordOf,
} from './harness.ts';
import { legalMoves, parseFen, startPosition, type Position, mixedPositions } from './reference.ts';

const DIRS = ['RF', 'LF', 'LB', 'RB'] as const;
/** Bit-number step of one diagonal step in each direction (board.sap). */
const STEP: Record<(typeof DIRS)[number], number> = { RF: 4, LF: 5, LB: -4, RB: -5 };

/** The move words MOVGEN should give: the origin squares of the first step, by direction. */
function expectedWords(pos: Position): { words: Record<string, number>; jumps: boolean } {
  const moves = legalMoves(pos);
  const jumps = moves.length > 0 && moves[0]!.captures.length > 0;
  const sets: Record<string, Set<number>> = { RF: new Set(), LF: new Set(), LB: new Set(), RB: new Set() };
  for (const m of moves) {
    const step = (bitNumber(m.path[1]!) - bitNumber(m.path[0]!)) / (jumps ? 2 : 1);
    const dir = DIRS.find((d) => STEP[d] === step);
    if (!dir) throw new Error(`step ${step} is no direction`);
    sets[dir]!.add(m.path[0]!);
  }
  const words: Record<string, number> = {};
  for (const d of DIRS) words[d] = wordOf(sets[d]!);
  return { words, jumps };
}

const positions = (seed: number, n: number): Position[] => mixedPositions(seed, n, 2, 60);

describe('MOVGEN', () => {
  const c = new Checkers704();

  it('finds the seven opening moves of Black', () => {
    c.call('STARTP');
    const r = c.call('MOVGEN', { xr1: 0 });
    expect(squaresOf(c.get(0, 'RF'))).toEqual([9, 10, 11, 12]); // 9-13, 10-14, 11-15, 12-16
    expect(squaresOf(c.get(0, 'LF'))).toEqual([9, 10, 11]); // 9-14, 10-15, 11-16
    expect(c.get(0, 'LB')).toBe(0);
    expect(c.get(0, 'RB')).toBe(0);
    expect(squaresOf(c.get(0, 'EMPTY'))).toEqual([13, 14, 15, 16, 17, 18, 19, 20]);
    expect(r.acSign).toBe(0); // not jumps
    expect(r.ac).toBe(c.get(0, 'JMP'));
    expect(squaresOf(r.ac)).toEqual([9, 10, 11, 12]);
  });

  it('agrees with the reference generator on random positions with kings, at any ply', () => {
    let jumpCases = 0;
    let kingMoves = 0;
    positions(1, 1500).forEach((pos, i) => {
      const ply = i % 20;
      const xr1 = PLYK * ply;
      const r0 = toRecord(pos);
      c.set(ply, 'FA', r0.FA); c.set(ply, 'BA', r0.BA); c.set(ply, 'FP', r0.FP); c.set(ply, 'BP', r0.BP);
      c.set(ply, 'ONLY', 0);
      for (const f of ['RF', 'LF', 'LB', 'RB', 'JMP', 'EMPTY'] as const) c.set(ply, f, 0o525252525252); // garbage
      const r = c.call('MOVGEN', { xr1, xr2: 0o777, xr4: 0 });
      const { words, jumps } = expectedWords(pos);
      const occupied = new Set([...squaresOf(r0.FA), ...squaresOf(r0.BA), ...squaresOf(r0.FP), ...squaresOf(r0.BP)]);
      for (const d of DIRS) expect(squaresOf(c.get(ply, d)), `${d} in case ${i}`).toEqual(squaresOf(words[d]!));
      expect(squaresOf(c.get(ply, 'EMPTY'))).toEqual(Array.from({ length: 32 }, (_, k) => k + 1).filter((s) => !occupied.has(s)));
      const any = wordOf(DIRS.flatMap((d) => squaresOf(words[d]!)));
      expect(r.ac, `case ${i}`).toBe((jumps ? SIGN : 0) + any);
      expect(c.get(ply, 'JMP')).toBe(r.ac);
      expect(r.xr1).toBe(xr1);
      expect(r.xr2).toBe(0o777);
      if (jumps) jumpCases++;
      if (words.LB !== 0 || words.RB !== 0) kingMoves++;
    });
    // The sample must really contain jumps and backward moves.
    expect(jumpCases).toBeGreaterThan(200);
    expect(kingMoves).toBeGreaterThan(200);
  });

  it('says +0 when the side to move has no move', () => {
    // Black man on 28 (crowning is at 29-32; 28's only step, 32, is taken); White on 32 and 24.
    const pos = parseFen('B:W32,24:B28');
    expect(legalMoves(pos)).toHaveLength(0);
    c.setPosition(0, pos);
    const r = c.call('MOVGEN', { xr1: 0 });
    expect(r.ac).toBe(0);
  });

  it('keeps only the jumps of the piece in ONLY, in the middle of a multiple jump', () => {
    // White to move: the king on 3 could jump 7, but only the king on 17 may go on.
    const pos = parseFen('W:WK17,K3:B7,14,15,22,23');
    c.setPosition(0, pos);
    c.set(0, 'ONLY', 0);
    c.call('MOVGEN', { xr1: 0 });
    const all = DIRS.flatMap((d) => squaresOf(c.get(0, d)));
    expect(all).toContain(3); // without ONLY the king on 3 may jump too
    c.set(0, 'ONLY', squareBit(17));
    const r = c.call('MOVGEN', { xr1: 0 });
    expect(r.acSign).toBe(1);
    for (const d of DIRS) expect(squaresOf(c.get(0, d)).every((s) => s === 17)).toBe(true);
    const { words } = expectedWords(pos);
    for (const d of DIRS) expect(c.get(0, d)).toBe(squaresOf(words[d]!).includes(17) ? squareBit(17) : 0);
  });

  it('takes 135 cycles for ordinary moves, well inside Samuel\'s 2.6 ms', () => {
    const cycles = { moves: [] as number[], jumps: [] as number[] };
    positions(2, 400).forEach((pos) => {
      c.setPosition(0, pos);
      const r = c.call('MOVGEN', { xr1: 0 });
      (r.acSign ? cycles.jumps : cycles.moves).push(r.cycles - 2);
    });
    const all = [...cycles.moves, ...cycles.jumps];
    expect(Math.max(...all) * 12).toBeLessThanOrEqual(2600);
    expect(new Set(cycles.moves)).toEqual(new Set([135]));
    console.log(`MOVGEN: ordinary moves ${cycles.moves[0]} cycles (${(cycles.moves[0]! * 0.012).toFixed(2)} ms); `
      + `jumps ${Math.min(...cycles.jumps)}-${Math.max(...cycles.jumps)} cycles; Samuel: 2.6 ms (217 cycles)`);
  });
});

describe('NXTMOV', () => {
  const c = new Checkers704();

  it('hands out every move bit once, with its move code, in the documented order', () => {
    positions(3, 400).forEach((pos, i) => {
      const ply = 1 + (i % 7);
      c.setPosition(ply, pos);
      const g = c.call('MOVGEN', { xr1: PLYK * ply });
      const jumps = g.acSign === 1;
      const expected: [number, number][] = [];
      DIRS.forEach((d, k) => {
        // Within a direction the highest bit number (lowest value) comes first.
        for (const s of squaresOf(c.get(ply, d)).reverse()) expected.push([squareBit(s), k + 1 + (jumps ? 4 : 0)]);
      });
      const got: [number, number][] = [];
      for (;;) {
        const r = c.call('NXTMOV', { xr1: PLYK * ply, xr4: 0 });
        expect(r.xr1).toBe(PLYK * ply);
        if (r.ac === 0) break;
        got.push([r.ac, r.xr2]);
        expect(got.length).toBeLessThanOrEqual(expected.length);
      }
      expect(got).toEqual(expected);
      for (const d of DIRS) expect(c.get(ply, d)).toBe(0); // used up
    });
  });

  it('takes at most 40 cycles a move', () => {
    c.setPosition(0, startPosition());
    c.call('MOVGEN', { xr1: 0 });
    const cycles: number[] = [];
    for (;;) {
      const r = c.call('NXTMOV', { xr1: 0 });
      cycles.push(r.cycles - 2);
      if (r.ac === 0) break;
    }
    expect(cycles).toHaveLength(8);
    expect(Math.max(...cycles)).toBeLessThanOrEqual(40);
    console.log(`NXTMOV: ${cycles.slice(0, -1).join(', ')} cycles for the seven opening moves, ${cycles.at(-1)} to say none is left`);
  });
});
