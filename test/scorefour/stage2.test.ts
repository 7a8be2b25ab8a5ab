// planes.sap, traps.sap and stage2.sap on the emulated 704: the 18 planes hold all 76 lines, the
// plane words follow the moves, the 288 level-1 patterns are exactly the one-move-from-a-fork
// patterns of a plane (found here by brute force), and Stage 2's value (Fig. 7) matches a
// reference on hand-made and random positions.

import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../rng.ts';
import { Scorefour704 } from './harness.ts';
import { emptyBoard, LINES, randomPosition, type Board } from './reference.ts';

const q = new Scorefour704();
const PLANES: number[][] = Array.from({ length: 18 }, (_, p) => Array.from({ length: 16 }, (_, k) => q.peek('QPLNS', 16 * p + k)));
const PATTERNS: [number, number][] = Array.from({ length: 288 }, (_, k) => [q.peek('QTRPS', 2 * k), q.peek('QTRPS', 2 * k + 1)]);

/** A 4x4 grid's 10 lines, as cell indices 4v+u. */
const GRID_LINES: number[][] = [
  ...[0, 1, 2, 3].map((v) => [0, 1, 2, 3].map((u) => 4 * v + u)),
  ...[0, 1, 2, 3].map((u) => [0, 1, 2, 3].map((v) => 4 * v + u)),
  [0, 5, 10, 15], [3, 6, 9, 12],
];
const bits = (cells: number[]): number => cells.reduce((s, k) => s | (1 << k), 0);
const popcount = (x: number): number => x.toString(2).replaceAll('0', '').length;

describe('the planes', () => {
  it('18 planes of 16 cells whose grid lines are 10 of the 76 lines each, all 76 among them', () => {
    const key = (l: number[]): string => [...l].sort((a, b) => a - b).join();
    const all = new Set(LINES.map(key));
    const seen = new Set<string>();
    for (const plane of PLANES) {
      expect(new Set(plane).size).toBe(16);
      for (const g of GRID_LINES) {
        const line = key(g.map((k) => plane[k]!));
        expect(all.has(line)).toBe(true);
        seen.add(line);
      }
    }
    expect(seen.size).toBe(76);
  });

  it('the plane words follow QMAKE and QUNDO', () => {
    const rand = mulberry32(7);
    for (let n = 0; n < 20; n++) {
      const { board, toMove } = randomPosition(rand, Math.floor(rand() * 40), false);
      q.setBoard(board, toMove);
      for (let s = 0; s < 2; s++) {
        PLANES.forEach((plane, p) => expect(q.peek('QPW', -18 * s - p)).toBe(bits(plane.flatMap((c, k) => (board[c] === s + 1 ? [k] : [])))));
      }
    }
  });
});

describe('the level-1 patterns (Broeker 3.2)', () => {
  it('are the 288 patterns of 4 stones and 3 empty cells one move from a fork, and no others', () => {
    // brute force: 4 stones S, 3 empty cells E, and a cell m of E that makes two lines of the grid
    // each hold 3 stones and its last cell in E (so each can be completed), using all of S and E
    const found = new Set<string>();
    for (let s = 0; s < 1 << 16; s++) {
      if (popcount(s) !== 4) continue;
      for (let m = 0; m < 16; m++) {
        if (s & (1 << m)) continue;
        const withM = s | (1 << m);
        const open = GRID_LINES.filter((l) => l.includes(m) && popcount(bits(l) & withM) === 3);
        for (let i = 0; i < open.length; i++) for (let j = i + 1; j < open.length; j++) {
          const e = bits(open[i]!) & ~withM | bits(open[j]!) & ~withM | (1 << m);
          if (popcount(e) === 3 && ((bits(open[i]!) | bits(open[j]!)) & ~e) === s) found.add(`${s},${e}`);
        }
      }
    }
    expect(found.size).toBe(288);
    expect(new Set(PATTERNS.map(([a, e]) => `${a},${e}`))).toEqual(found);
  });
});

/** Fig. 7 for `side` (1 X, 2 O), with TRAP1-4 = 10^6, 10^4, 100, 1. */
function stage2(b: Board, side: 1 | 2): number {
  const value = [0, 1, 100, 10000, 1000000];
  let sum = 0;
  for (const plane of PLANES) {
    const a = bits(plane.flatMap((c, k) => (b[c] === side ? [k] : [])));
    const occ = bits(plane.flatMap((c, k) => (b[c] !== 0 ? [k] : [])));
    for (const [stones, empty] of PATTERNS) if ((occ & empty) === 0) sum += value[popcount(a & stones)]!;
  }
  return sum;
}

describe('Stage 2 (Fig. 7)', () => {
  it('a plane one move from a fork scores TRAP1; a taken empty cell blocks the pattern', () => {
    const b = emptyBoard();
    // layer 1: X on 1B1 1C1 (row 1) and 1A2 1A3 (column A): 1A1 makes a fork
    for (const c of [1, 2, 4, 8]) b[c] = 1;
    q.setBoard(b, 1);
    const v = q.call('QSTG2', { ac: 0 }).ac;
    expect(v).toBe(stage2(b, 1));
    expect(Math.floor(v / 1e6)).toBeGreaterThanOrEqual(1);
    b[0] = 2; // O takes 1A1
    q.setBoard(b, 1);
    expect(q.call('QSTG2', { ac: 0 }).ac).toBe(stage2(b, 1));
    expect(q.call('QSTG2', { ac: 0 }).ac).toBeLessThan(v);
  });

  it('equals the reference on random positions, both sides', () => {
    const rand = mulberry32(8);
    for (let n = 0; n < 6; n++) {
      const { board, toMove } = randomPosition(rand, 2 + Math.floor(rand() * 30), false);
      q.setBoard(board, toMove);
      for (const side of [1, 2] as const) expect(q.call('QSTG2', { ac: side - 1 }).ac).toBe(stage2(board, side));
    }
  });

  it('a side set to Stage 2 (STAGE2 card) evaluates by it: the search value is Stage 2 of Alpha less Beta at the leaves', () => {
    const b = emptyBoard();
    for (const c of [1, 2, 4, 8]) b[c] = 1;
    for (const c of [21, 50, 60]) b[c] = 2; // no three of O in a line: no win in one
    q.setBoard(b, 2);
    q.poke('QS2', 1, -1);
    q.poke('QDEP', 1);
    const r = q.call('QCHOS');
    q.poke('QS2', 0, -1);
    // one ply: the best O move's Stage 2 for O less Stage 2 for X
    let best = -Infinity;
    for (let c = 0; c < 64; c++) {
      if (b[c] !== 0) continue;
      const t = [...b];
      t[c] = 2;
      best = Math.max(best, stage2(t, 2) - stage2(t, 1));
    }
    const v = q.peek('ABVAL');
    expect(v >= 2 ** 35 ? -(v - 2 ** 35) : v).toBe(best);
    expect(b[r.ac]).toBe(0);
  });
});

describe('Stage 2 with aggression (Table 10-11)', () => {
  it("the leaf value is F/64 x Alpha's Stage 2 less Beta's", () => {
    const rand = mulberry32(11);
    const { board } = randomPosition(rand, 12, false);
    q.setBoard(board, 1);
    q.poke('QS2ON', 1);
    q.poke('QS1ON', 0);
    q.poke('QROOT', 0);
    for (const f of [64, 100, 17]) {
      q.poke('QFA', f);
      const v = q.call('HEVAL').ac;
      expect(v >= 2 ** 35 ? -(v - 2 ** 35) : v).toBe(Math.floor((f * stage2(board, 1)) / 64) - stage2(board, 2));
    }
  });

  it("the factor comes from Stage 2's own sums: 64 x Alpha's best after one move / Beta's best after one move", () => {
    const b = emptyBoard();
    for (const c of [1, 2, 4]) b[c] = 1;
    for (const c of [21, 50]) b[c] = 2;
    q.setBoard(b, 1);
    q.poke('QS2ON', 1);
    q.poke('QOU', 1);
    q.poke('QPU', 5);
    const best = (side: 1 | 2): number => Math.max(...b.flatMap((s, c) => (s === 0 ? [stage2(b.map((x, k) => (k === c ? side : x)), side)] : [])));
    const f = q.call('QAGGR').ac;
    expect([q.peek('QPA'), q.peek('QPB')]).toEqual([best(1), best(2)]);
    expect(f).toBe(Math.min(4096, Math.floor((64 * best(1)) / best(2))));
    q.poke('QS2ON', 0);
  });
});
