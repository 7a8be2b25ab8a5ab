// eval.sap and lib/alphabeta.sap on the emulated 704: POLY on hand-made positions, the aggression
// factor, and the move QCHOS chooses against a plain minimax of the reference (same value, and the
// first best move in cell order), at 1-3 plies, with and without aggression and gravity.

import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../rng.ts';
import { fromWord, Scorefour704 } from './harness.ts';
import { aggressionFactor, bestMove, emptyBoard, lineCounts, notation, poly, randomPosition, type Board } from './reference.ts';

const q = new Scorefour704();
const COEF = [100, 200, 300];

/** A board from cells in the cards' notation. */
function board(x: string[], o: string[]): Board {
  const b = emptyBoard();
  const cell = (n: string): number => 16 * (Number(n[0]) - 1) + 4 * (Number(n[2]) - 1) + 'ABCD'.indexOf(n[1]!);
  for (const n of x) b[cell(n)] = 1;
  for (const n of o) b[cell(n)] = 2;
  return b;
}

/** QPOLY for `side` with Alpha's coefficients set to `coef`. */
function poly704(b: Board, side: 1 | 2, coef: readonly number[]): number {
  q.setBoard(b, side);
  coef.forEach((c, k) => q.poke(`QC${k + 1}`, c));
  return q.call('QPOLY', { ac: side === 1 ? 1 : 5 }).ac;
}

function choose(b: Board, side: 1 | 2, depth: number, o: { aggression?: boolean; gravity?: boolean; coef?: number[] } = {}): { move: number; value: number; f: number } {
  q.setBoard(b, side, o.gravity);
  q.setCoef(side, o.coef ?? COEF, o.aggression);
  q.poke('QDEP', depth);
  const r = q.call('QCHOS');
  return { move: r.ac, value: fromWord(q.peek('ABVAL')), f: q.peek('QFA') };
}

describe('POLY (Broeker section 3.3)', () => {
  it('a corner stone lies on 7 lines: 7 c1', () => {
    expect(poly704(board(['1A1'], []), 1, COEF)).toBe(700);
  });

  it('three in a row on an edge of the bottom layer: 12 lines of one, one of three', () => {
    const b = board(['1A1', '1B1', '1C1'], []);
    expect(lineCounts(b, 1)).toEqual([12, 0, 1]);
    expect(poly704(b, 1, COEF)).toBe(12 * 100 + 300);
  });

  it("a line with the other's stone counts for neither", () => {
    const b = board(['1A1'], ['1B1']);
    expect(poly704(b, 1, COEF)).toBe(600); // the row 1A1-1D1 is dead
    expect(poly704(b, 2, COEF)).toBe(300); // 1B1 lies on 4 lines (row, column, pillar, an upright diagonal), one of them that row
  });

  it('equals the reference on random positions, both sides, odd coefficients', () => {
    const rand = mulberry32(41);
    for (let k = 0; k < 40; k++) {
      const { board: b, toMove } = randomPosition(rand, 4 + Math.floor(rand() * 30), false);
      const coef = [1 + Math.floor(rand() * 9999), 1 + Math.floor(rand() * 9999), 1 + Math.floor(rand() * 9999)];
      for (const side of [1, 2] as const) expect(poly704(b, side, coef)).toBe(poly(b, side, coef));
      void toMove;
    }
  });
});

describe('the aggression factor (Findler; Broeker section 1.4)', () => {
  it('on the empty cube both best moves are a 7-line cell: F = 64', () => {
    expect(choose(emptyBoard(), 1, 1, { aggression: true }).f).toBe(64);
  });

  it('X ahead: F = 64 PA/PB above 64; X behind: below', () => {
    const ahead = board(['1A1', '2B2', '3C3'], ['4A4']);
    const a = aggressionFactor(ahead, 2, COEF, false);
    expect(choose(ahead, 2, 1, { aggression: true }).f).toBe(a.f);
    expect(a.f).toBeLessThan(64); // O to move, behind
    const b = aggressionFactor(ahead, 1, COEF, false);
    expect(b.f).toBeGreaterThan(64);
    expect(choose(ahead, 1, 1, { aggression: true }).f).toBe(b.f);
    expect(q.peek('QPA')).toBe(b.pa);
    expect(q.peek('QPB')).toBe(b.pb);
  });

  it('without aggression F is 64', () => {
    expect(choose(board(['1A1', '2B2', '3C3'], ['4A4']), 1, 1).f).toBe(64);
  });
});

describe('move choice (alpha-beta against plain minimax)', () => {
  it('takes a win at once, and blocks the other side\'s three', () => {
    const win = board(['1A1', '1B1', '1C1'], ['2A1', '2B1', '3C3']);
    expect(notation(choose(win, 1, 2).move)).toBe('1D1');
    expect(choose(win, 1, 2).value).toBe(2 ** 34);
    const block = board(['1A1', '2B1', '4D4'], ['3A2', '3B2', '3C2']);
    expect(notation(choose(block, 1, 2).move)).toBe('3D2');
  });

  const cases: [string, number, { aggression?: boolean; gravity?: boolean }, number][] = [
    ['1 ply', 1, {}, 20],
    ['2 plies', 2, {}, 8],
    ['2 plies with aggression', 2, { aggression: true }, 8],
    ['2 plies with gravity', 2, { gravity: true }, 10],
    ['3 plies, late positions', 3, {}, 3],
  ];
  for (const [name, depth, o, n] of cases) {
    it(`${name}: the same move and value as the reference`, () => {
      const rand = mulberry32(depth * 10 + (o.aggression ? 1 : 0) + (o.gravity ? 2 : 0));
      for (let k = 0; k < n; k++) {
        const stones = depth === 3 ? 44 + Math.floor(rand() * 8) : Math.floor(rand() * 40);
        const { board: b, toMove } = randomPosition(rand, stones, o.gravity ?? false);
        const coef = [1 + Math.floor(rand() * 500), 1 + Math.floor(rand() * 500), 1 + Math.floor(rand() * 500)];
        const ref = bestMove(b, toMove, coef, depth, o);
        const got = choose(b, toMove, depth, { ...o, coef });
        expect({ move: notation(got.move), value: got.value }).toEqual({ move: notation(ref.move), value: ref.value });
      }
    });
  }
});
