// Halma's moves on the 704 (asm/halma/moves.sap) against reference.ts: the start positions,
// positions of random games on each board size (counts and the moves themselves, perft 2),
// chained jumps, nothing captured; and the deck run as a user runs it.

import { describe, expect, it } from 'vitest';
import { rng } from '../checkers/reference.ts';
import { Halma704, runDeck } from './harness.ts';
import { halmaDrive, halmaMoves, halmaParams, halmaPerft, halmaWon, playHalma, startHalma, type HalmaPosition } from './reference.ts';

const refMoves = (p: HalmaPosition): string[] => halmaMoves(p).map((m) => `${m.from.join(',')}>${m.to.join(',')}`).sort();

/** Positions of a random game from the start, every few plies. */
function gamePositions(n: number, seed: number, plies: number, every: number): HalmaPosition[] {
  const rand = rng(seed);
  let p = startHalma(n);
  const out: HalmaPosition[] = [];
  for (let i = 0; i < plies; i++) {
    const ms = halmaMoves(p);
    if (ms.length === 0) break;
    // lean forward so the pieces meet in the middle, where the long chains are
    const fwd = ms.filter((m) => (p.toMove === 1 ? 1 : -1) * (m.to[0] + m.to[1] - m.from[0] - m.from[1]) > 0);
    const pick = fwd.length > 0 && rand() < 0.8 ? fwd : ms;
    p = playHalma(p, pick[Math.floor(rand() * pick.length)]!);
    if (i % every === every - 1) out.push(p);
  }
  return out;
}

describe('HGEN and HPERF against the reference', () => {
  const h = new Halma704();

  it('the start positions: perft 1-3 (6x6, 8x8), 1-2 (12x12)', () => {
    expect([1, 2, 3].map((d) => { h.load(startHalma(6)); return h.call('HPERF', { ac: d }).ac; })).toEqual([1, 2, 3].map((d) => halmaPerft(startHalma(6), d)));
    expect([1, 2, 3].map((d) => { h.load(startHalma(8)); return h.call('HPERF', { ac: d }).ac; })).toEqual([1, 2, 3].map((d) => halmaPerft(startHalma(8), d)));
    expect([1, 2].map((d) => { h.load(startHalma(12)); return h.call('HPERF', { ac: d }).ac; })).toEqual([1, 2].map((d) => halmaPerft(startHalma(12), d)));
    expect(halmaPerft(startHalma(6), 1)).toBe(16); // counted by hand: 11 slides, 5 jumps
  });

  for (const n of [6, 8, 12]) {
    it(`${n}x${n}: the moves of 30 positions of random games, and perft 2 of 10`, () => {
      const ps = [...gamePositions(n, n, 40, 4), ...gamePositions(n, n + 100, 60, 3)].slice(0, 30);
      expect(ps.length).toBe(30);
      let longest = 0;
      ps.forEach((p, i) => {
        h.load(p);
        expect(h.moves(p), `position ${i}`).toEqual(refMoves(p));
        longest = Math.max(longest, ...halmaMoves(p).map((m) => Math.max(Math.abs(m.to[0] - m.from[0]), Math.abs(m.to[1] - m.from[1]))));
        if (i % 3 === 0) {
          h.load(p);
          expect(h.call('HPERF', { ac: 2 }).ac, `perft 2 of position ${i}`).toBe(halmaPerft(p, 2));
        }
      });
      expect(longest).toBeGreaterThanOrEqual(4); // chains of two jumps or more were met
    });
  }

  it('a chain of jumps: every landing square of the walk is a move, back to the start is not', () => {
    const p = startHalma(8);
    p.board = p.board.map((row) => row.map(() => 0));
    p.board[0]![0] = 1;
    for (const [r, c] of [[1, 1], [3, 3], [3, 1], [1, 3], [5, 5]]) p.board[r]![c] = 2;
    h.load(p);
    const got = h.moves(p);
    expect(got).toEqual(refMoves(p));
    // slides to 0,1 and 1,0; jumps 0,0 > 2,2 > (4,4 > 6,6), 4,0, 0,4 - and 2,2 over 1,1 back to 0,0 is none
    expect(got).toEqual(['0,0>0,1', '0,0>0,4', '0,0>1,0', '0,0>2,2', '0,0>4,0', '0,0>4,4', '0,0>6,6']);
  });

  it('nothing is captured: a jump moves one piece, the jumped piece stays', () => {
    const p = startHalma(6);
    p.board = p.board.map((row) => row.map(() => 0));
    p.board[2]![2] = 1;
    p.board[3]![3] = 2;
    h.load(p);
    const w = 8;
    h.call('HMOVE', { ac: ((2 + 1) * w + 3) * 256 + ((4 + 1) * w + 5) });
    expect(h.peek('HBD', -((4 + 1) * w + 5))).toBe(1);
    expect(h.peek('HBD', -((3 + 1) * w + 4))).toBe(2);
    expect(h.peek('HBD', -((2 + 1) * w + 3))).toBe(0);
    expect(h.peek('HSIDE')).toBe(2);
  });
});

const SIGN = 2 ** 35;
const signed = (w: number): number => (w >= SIGN ? -(w - SIGN) : w) + 0;

describe("his 15 parameters, drive to win and the end of a game (eval.sap, search.sap)", () => {
  const h = new Halma704();
  const positions = (n: number): HalmaPosition[] => [startHalma(n), ...gamePositions(n, 7 * n, 50, 3), ...gamePositions(n, 7 * n + 1, 80, 5)]
    .flatMap((p) => [p, { ...p, toMove: (p.toMove === 1 ? 2 : 1) as 1 | 2 }]);

  for (const n of [6, 8, 12]) {
    it(`${n}x${n}: HPARS and HDRIV against the reference, both sides to move`, () => {
      const seen = new Array<number>(15).fill(0);
      for (const p of positions(n)) {
        h.load(p);
        h.call('HPARS');
        const got = [...Array(15).keys()].map((j) => signed(h.peek('JPAR', -(j + 1))));
        const want = halmaParams(p);
        expect(got).toEqual(want);
        want.forEach((v, j) => { if (v !== 0) seen[j]!++; });
        h.load(p);
        expect(signed(h.call('HDRIV').ac)).toBe(halmaDrive(p));
      }
      // the positions exercise most parameters
      expect(seen.filter((k) => k > 0).length).toBeGreaterThanOrEqual(11);
    });
  }

  it('HWINS: the camp filled, the stall rule (one piece of the other side left home), not yet', () => {
    const p = startHalma(6);
    p.board = p.board.map((row) => row.map(() => 0));
    const target = [[5, 5], [5, 4], [4, 5], [5, 3], [4, 4], [3, 5]];
    target.forEach(([r, c]) => { p.board[r]![c] = 1; });
    h.load(p);
    expect(h.call('HWINS', { ac: 1 }).ac).toBe(1);
    expect(halmaWon(p, 1)).toBe(1);
    p.board[5]![5] = 2;
    h.load(p);
    expect(h.call('HWINS', { ac: 1 }).ac).toBe(2);
    expect(halmaWon(p, 1)).toBe(2);
    p.board[4]![4] = 2;
    h.load(p);
    expect(h.call('HWINS', { ac: 1 }).ac).toBe(0);
    p.board[4]![4] = 0;
    h.load(p);
    expect(h.call('HWINS', { ac: 1 }).ac).toBe(0);
    expect(h.call('HWINS', { ac: 2 }).ac).toBe(0);
  });
});

describe('the deck', () => {
  it('*HALMA 6 prints the board; *PERFT 2 prints the counts; a size not in the camp table is a bad card', () => {
    const lines = runDeck(['*HALMA 6', '*PERFT 2', '*HALMA 7'], true, 1e8);
    expect(lines).toContain('1  X X X - - -');
    expect(lines).toContain('6  - - - O O O');
    expect(lines).toContain('PERFT 1 = 16');
    expect(lines).toContain(`PERFT 2 = ${halmaPerft(startHalma(6), 2)}`);
    expect(lines.at(-2)).toBe('BAD CARD');
  });

  it("*LEARN SEALE, *SELF: his halma start vector from a new state, a game to its end, Alpha's 15 after it", () => {
    const lines = runDeck(['*HALMA 6', '*LEARN SEALE', '*SELF'], true, 1e9);
    const at = lines.indexOf('SEALE NEW COEFFICIENTS');
    expect(lines[at + 1]).toBe('SEALE A -17 -34 15 25 11 11 3 -12 14 -23 -5 0 0 37 2');
    expect(lines).toContain('SEALE ALPHA PLAYS SIDE 1 - LEARNING GAME 1');
    expect(lines.find((l) => l.startsWith('GAME OVER - '))).toMatch(/^GAME OVER - (SIDE [12] WINS - (CAMP FILLED|STALL RULE|CANNOT MOVE)|DRAWN - MOVE LIMIT)$/);
    const after = lines.findIndex((l) => l.startsWith('SEALE ALPHA AFTER GAME 1'));
    const a = lines[after + 1]!.replace('SEALE A', '').trim().split(/\s+/).map(Number);
    expect(a).toHaveLength(15);
    expect(a.every((v) => Math.abs(v) <= 40)).toBe(true);
  });

  // the last file of the camp's first row slides out diagonally: C1-D2, D1-E2, E1-F2
  for (const [n, move] of [[6, 'C1-D2'], [8, 'D1-E2'], [12, 'E1-F2']] as const) {
    it(`*PLAY 2 on ${n}x${n}: a person plays side 1 by cards; an illegal move is rejected by the 704 and another card read`, () => {
      const lines = runDeck([`*HALMA ${n}`, '*DEPTH 1', '*PLAY 2', 'A1-A4', 'A1-Z9', move], false, 1e8);
      expect(lines).toContain('GAME  PROGRAM PLAYS SIDE 2');
      expect(lines.filter((l) => l.startsWith('ILLEGAL MOVE'))).toEqual(['ILLEGAL MOVE - A1-A4', 'ILLEGAL MOVE - A1-Z9']);
      expect(lines).toContain(`MOVE 1 SIDE 1 ${move} CARD`);
      expect(lines.find((l) => l.startsWith('MOVE 2 SIDE 2 '))).toMatch(/^MOVE 2 SIDE 2 [A-L]\d+-[A-L]\d+ SCORE [-+]\d+$/);
    });
  }
});
