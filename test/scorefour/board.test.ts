// board.sap on the emulated 704 against the TypeScript reference: the 76 lines (a win on each, for
// each side, and never on four cells that are not a line), the legal moves with and without
// gravity, POLY's line counts kept by QMAKE/QUNDO, and QUNDO restoring the position.

import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../rng.ts';
import { Scorefour704 } from './harness.ts';
import { LINES, emptyBoard, legalMoves, lineCounts, randomPosition, wins } from './reference.ts';

const q = new Scorefour704();

describe('the lines (board.sap)', () => {
  it('the reference finds the 76 lines of Broeker section 2', () => {
    expect(LINES.length).toBe(76);
  });

  it('four in a row is found on every one of the 76 lines, for X and for O, only with the fourth stone', () => {
    for (const side of [0, 1]) {
      for (const line of LINES) {
        q.call('QNEW');
        line.forEach((c, i) => {
          q.poke('QSIDE', side);
          const r = q.call('QMAKE', { ac: c, returns: 2 });
          expect(r.ret, `line ${line} stone ${i + 1}`).toBe(i === 3 ? 2 : 1);
        });
      }
    }
  });

  it('four stones that are not a line are not a win', () => {
    const rand = mulberry32(20);
    const isLine = (s: number[]): boolean => LINES.some((l) => l.every((c) => s.includes(c)));
    for (let k = 0; k < 300; k++) {
      const cells = new Set<number>();
      while (cells.size < 4) cells.add(Math.floor(rand() * 64));
      const s = [...cells];
      if (isLine(s)) continue;
      q.call('QNEW');
      for (const c of s) {
        q.poke('QSIDE', 0);
        expect(q.call('QMAKE', { ac: c, returns: 2 }).ret).toBe(1);
      }
    }
  });
});

describe('moves and POLY counts against the reference', () => {
  for (const gravity of [false, true]) {
    it(`legal moves${gravity ? ' with gravity' : ''}, line counts and four in a row on random positions`, () => {
      const rand = mulberry32(gravity ? 2 : 1);
      for (let k = 0; k < 120; k++) {
        const { board, toMove } = randomPosition(rand, Math.floor(rand() * 40), gravity);
        q.setBoard(board, toMove, gravity);
        expect(q.moves()).toEqual(legalMoves(board, gravity));
        const [x1, x2, x3] = lineCounts(board, 1);
        const [o1, o2, o3] = lineCounts(board, 2);
        expect([1, 2, 3, 5, 10, 15].map((s) => q.lineState(s))).toEqual([x1, x2, x3, o1, o2, o3]);
        // the side to move's every move: a win exactly when the reference says so
        for (const c of legalMoves(board, gravity).slice(0, 8)) {
          const t = [...board];
          t[c] = toMove;
          expect(q.call('QMAKE', { ac: c, returns: 2 }).ret).toBe(wins(t, toMove) ? 2 : 1);
          q.call('QUNDO', { ac: c });
        }
      }
    });
  }

  it('QUNDO puts back the planes, the line states and the side to move', () => {
    const rand = mulberry32(3);
    const { board, toMove } = randomPosition(rand, 20, false);
    q.setBoard(board, toMove);
    const snap = (): number[] => [...Array.from({ length: 8 }, (_, i) => q.peek('QBD', -i)), ...Array.from({ length: 77 }, (_, l) => q.peek('QST', -l)), ...Array.from({ length: 25 }, (_, s) => q.lineState(s)), q.peek('QSIDE'), q.peek('QMOVN')];
    const before = snap();
    for (const c of legalMoves(board, false)) {
      q.call('QMAKE', { ac: c, returns: 2 });
      q.call('QUNDO', { ac: c });
    }
    expect(snap()).toEqual(before);
    expect(q.peek('QMOVN')).toBe(20);
  });

  it('gravity: on an empty cube only the 16 cells of layer 1 may be taken', () => {
    q.setBoard(emptyBoard(), 1, true);
    expect(q.moves()).toEqual([...Array(16).keys()]);
    q.poke('QGRAV', 0);
  });
});
