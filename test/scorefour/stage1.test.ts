// stage1.sap on the emulated 704: the level-2 table made from the level-1 table (Broeker 3.2: 288
// and 1,152 patterns, 5,760 bytes), Stage 1's side value (TRAP1, k x TRAP2 of Fig. 3) against a
// reference on hand-made and random positions, and the search's leaf value with POLY below it.

import { describe, expect, it } from 'vitest';
import { scorefourAssembly } from '../../src/scorefour/program/deck.ts';
import { ScorefourSession } from '../../src/scorefour/program/session.ts';
import { mulberry32 } from '../rng.ts';
import { fromWord, Scorefour704 } from './harness.ts';
import { emptyBoard, poly, randomPosition, type Board } from './reference.ts';

const q = new Scorefour704();
const PLANES: number[][] = Array.from({ length: 18 }, (_, p) => Array.from({ length: 16 }, (_, k) => q.peek('QPLNS', 16 * p + k)));
const LEVEL1: [number, number][] = Array.from({ length: 288 }, (_, k) => [q.peek('QTRPS', 2 * k), q.peek('QTRPS', 2 * k + 1)]);
const LEVEL2: [number, number][] = Array.from({ length: 1152 }, (_, j) => [q.peek('QT2', 2 * j), q.peek('QT2', 2 * j + 1)]);
const popcount = (x: number): number => x.toString(2).replaceAll('0', '').length;
const bits = (cells: number[]): number => cells.reduce((s, k) => s | (1 << k), 0);

// Fig. 3 with TRAP1 = 2^33
const TRAP1 = 2 ** 33;
const TRAP2 = Math.floor((TRAP1 - 1) / (1152 * 18));

/** Stage 1 for `side` at `level`: TRAP1 on any level-1 match, else (level 2) k x TRAP2, else 0. */
function stage1(b: Board, side: 1 | 2, level: 1 | 2): number {
  const planes = PLANES.map((plane) => ({
    a: bits(plane.flatMap((c, k) => (b[c] === side ? [k] : []))),
    occ: bits(plane.flatMap((c, k) => (b[c] !== 0 ? [k] : []))),
  }));
  const matches = (table: [number, number][]): number => planes.reduce((n, { a, occ }) => n + table.filter(([s, e]) => (a & s) === s && (occ & e) === 0).length, 0);
  if (matches(LEVEL1) > 0) return TRAP1;
  return level === 2 ? matches(LEVEL2) * TRAP2 : 0;
}

describe('the level-2 patterns (Broeker 3.2)', () => {
  it('are the 288 level-1 patterns, 4 each, with one stone taken out and its cell made empty: 1,152, and 5,760 bytes with level 1', () => {
    const expected = LEVEL1.flatMap(([s, e]) => [0, 1, 2, 3].map((i) => {
      const stone = [...Array(16).keys()].filter((k) => s & (1 << k))[i]!;
      return `${s & ~(1 << stone)},${e | (1 << stone)}`;
    }));
    expect(LEVEL2.map(([s, e]) => `${s},${e}`).sort()).toEqual(expected.sort());
    for (const [s, e] of LEVEL2) {
      expect(popcount(s)).toBe(3);
      expect(popcount(e)).toBe(4);
      expect(s & e).toBe(0);
    }
    // his table size: 4 bytes (two shorts) a pattern
    expect((LEVEL1.length + LEVEL2.length) * 4).toBe(5760);
    // some are alike (a line's stone and empty cell change places among his nine permutations)
    expect(new Set(expected).size).toBeLessThan(1152);
  });

  it('Fig. 3: TRAP2 = (TRAP1 - 1) / (1,152 x 18) in the program', () => {
    expect(q.peek('S1T1')).toBe(TRAP1);
    expect(q.peek('S1T2')).toBe(TRAP2);
    expect(1152 * 18 * TRAP2).toBeLessThan(TRAP1);
  });
});

describe('Stage 1 value (QSTG1)', () => {
  it('one move from a fork is TRAP1; two moves is TRAP2 per match; a taken empty cell blocks it; level 1 alone ignores level 2', () => {
    const b = emptyBoard();
    // layer 1: X on 1B1 1C1 (row 1) and 1A2 1A3 (column A): 1A1 makes a fork
    for (const c of [1, 2, 4, 8]) b[c] = 1;
    q.setBoard(b, 1);
    q.poke('QS1ON', 2);
    expect(q.call('QSTG1', { ac: 0 }).ac).toBe(TRAP1);
    b[8] = 0; // three stones: two moves from the fork
    q.setBoard(b, 1);
    const v = q.call('QSTG1', { ac: 0 }).ac;
    expect(v).toBe(stage1(b, 1, 2));
    expect(v % TRAP2).toBe(0);
    expect(v / TRAP2).toBeGreaterThanOrEqual(1);
    q.poke('QS1ON', 1);
    expect(q.call('QSTG1', { ac: 0 }).ac).toBe(0);
    q.poke('QS1ON', 2);
    b[0] = 2; // O takes the fork's cell
    q.setBoard(b, 1);
    expect(q.call('QSTG1', { ac: 0 }).ac).toBe(stage1(b, 1, 2));
    expect(q.call('QSTG1', { ac: 0 }).ac).toBeLessThan(v);
  });

  it('equals the reference on random positions, both sides, both levels', () => {
    const rand = mulberry32(20);
    for (let n = 0; n < 6; n++) {
      const { board, toMove } = randomPosition(rand, 4 + Math.floor(rand() * 24), false);
      q.setBoard(board, toMove);
      for (const level of [1, 2] as const) {
        q.poke('QS1ON', level);
        for (const side of [1, 2] as const) expect(q.call('QSTG1', { ac: side - 1 }).ac).toBe(stage1(board, side, level));
      }
    }
  });
});

describe('the leaf value with Stage 1 (HEVAL)', () => {
  const heval = (b: Board, toMove: 1 | 2, level: number, withPoly: boolean): number => {
    q.setBoard(b, toMove);
    q.setCoef(1, [100, 200, 300]);
    q.poke('QS2ON', 0);
    q.poke('QS1ON', level);
    q.poke('QPLON', withPoly ? 1 : 0);
    q.poke('QROOT', 0);
    q.call('QCHOS', { returns: 1 }); // sets Alpha's terms (X to move); its search leaves them
    q.setBoard(b, toMove);
    q.poke('QS1ON', level);
    q.poke('QPLON', withPoly ? 1 : 0);
    q.poke('QROOT', 0);
    return fromWord(q.call('HEVAL').ac);
  };

  it("Alpha's Stage 1 less Beta's; where both are 0, POLY over 64 (or 0 without POLY)", () => {
    q.poke('QDEP', 1);
    const b = emptyBoard();
    for (const c of [1, 2, 4, 8]) b[c] = 1;
    for (const c of [21, 50, 60]) b[c] = 2;
    expect(heval(b, 1, 2, true)).toBe(TRAP1 - stage1(b, 2, 2));
    const c = emptyBoard();
    for (const k of [0, 21]) c[k] = 1;
    for (const k of [42, 63]) c[k] = 2;
    expect(stage1(c, 1, 2) - stage1(c, 2, 2)).toBe(0);
    expect(heval(c, 1, 2, true)).toBe(poly(c, 1, [100, 200, 300]) - poly(c, 2, [100, 200, 300]));
    expect(heval(c, 1, 2, false)).toBe(0);
    q.poke('QDEP', 2);
  });
});

describe('Stage 1 cards and learning', () => {
  it('STAGE1 X|O 0-2 and POLY X|O ON|OFF set a side; other values are bad cards', () => {
    const s = new ScorefourSession(['STAGE1 X 3', 'STAGE1 O 2', 'POLY X MAYBE', 'POLY X OFF', 'STAGE1 Z 1'], true);
    const r = s.run();
    expect(r.events.filter((e) => e.kind === 'bad').map((e) => (e as { card: string }).card)).toEqual(['STAGE1 X 3', 'POLY X MAYBE', 'STAGE1 Z 1']);
    const sym = (n: string): number => scorefourAssembly().symbols.get(n)!;
    expect([s.machine.cpu.mem[sym('QS1')], s.machine.cpu.mem[sym('QS1') - 1]]).toEqual([0, 2]);
    expect([s.machine.cpu.mem[sym('QPOL')], s.machine.cpu.mem[sym('QPOL') - 1]]).toEqual([0, 1]);
  });

  it("learning (LBEG): Beta, playing O, takes X's Stage 1 level and POLY switch", () => {
    q.poke('QS1', 2);
    q.poke('QS1', 0, -1);
    q.poke('QPOL', 0);
    q.poke('QPOL', 1, -1);
    q.call('LBEG');
    expect([q.peek('QS1', -1), q.peek('QPOL', -1)]).toEqual([2, 0]);
    expect([q.peek('LSS1'), q.peek('LSPOL')]).toEqual([0, 1]);
  });
});
