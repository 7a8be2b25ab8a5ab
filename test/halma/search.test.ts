// Halma's search (asm/halma/search.sap over ../lib/alphabeta.sap): jumps extend it past the depth
// (Seale's recur, App. D), as far as the bound ABDEP+ABXMX (at most ABMAXP) and no further.

import { describe, expect, it } from 'vitest';
import { Halma704, runDeck } from './harness.ts';
import { halmaMoves, playHalma, startHalma, type HalmaPosition } from './reference.ts';

const SIGN = 2 ** 35;
const signed = (w: number): number => (w >= SIGN ? -(w - SIGN) : w) + 0;

/** Search the position with all coefficients 0 (the score is HRAT x drive), depth d, extension e; what the 704 returns. */
function search(h: Halma704, p: HalmaPosition, d: number, e: number, width = 8) {
  h.load(p);
  h.poke('JNP', 15);
  for (let j = 1; j <= 25; j++) { h.poke('JA', 0, -j); h.poke('JB', 0, -j); }
  h.poke('HWHO', 0);
  h.poke('HWID', width);
  h.poke('ABDEP', d);
  h.poke('ABXMX', e);
  h.call('ABSRCH');
  const w = p.n + 2;
  const v = h.m.cpu.mem[h.peek('HBASE', -1) - h.peek('ABMOV')]!; // ply 1's list, entry ABMOV
  const sq = (cell: number): string => `${Math.floor(cell / w) - 1},${(cell % w) - 1}`;
  return { move: `${sq(Math.floor(v / 256))}>${sq(v % 256)}`, value: signed(h.peek('ABVAL')), nodes: h.peek('ABNOD'), extNodes: h.peek('ABXND'), deepest: h.peek('ABXDP') };
}

const jumpsOf = (p: HalmaPosition): string[] => halmaMoves(p)
  .filter((m) => Math.max(Math.abs(m.to[0] - m.from[0]), Math.abs(m.to[1] - m.from[1])) >= 2)
  .map((m) => `${m.from.join(',')}>${m.to.join(',')}`);

describe('jumps extend the search', () => {
  const h = new Halma704();

  it("a jump just past the horizon changes the move: side 1's best slide at depth 1 gives side 2 a jump", () => {
    // 8x8, side 1 at 3,3 (advancement 6), side 2 at 5,5 (its advancement 4); drive 2 for side 1
    const p = startHalma(8);
    p.board = p.board.map((row) => row.map(() => 0));
    p.board[3]![3] = 1;
    p.board[5]![5] = 2;
    const to = (r: number, c: number) => playHalma(p, { from: [3, 3], to: [r, c] });
    // by the reference: 3,3>4,4 lets side 2 jump 5,5>3,3 (advancement +4); 3,3>4,3 lets it jump nowhere
    expect(jumpsOf(to(4, 4))).toEqual(['5,5>3,3']);
    expect(jumpsOf(to(4, 3))).toEqual([]);

    const fixed = search(h, p, 1, 0);
    // the horizon right after side 1's move: the slide of most advancement, drive 8-4 = 4, x HRAT 64
    expect(fixed).toEqual({ move: '3,3>4,4', value: 256, nodes: 8, extNodes: 0, deepest: 0 });

    const one = search(h, p, 1, 1);
    // past the horizon side 2 jumps after 3,3>4,4 (drive 8-8 = 0) or stands (all the others): 4,3 first of the +1 slides, 7-4 = 3
    expect(one).toEqual({ move: '3,3>4,3', value: 192, nodes: 9, extNodes: 8, deepest: 1 });

    const two = search(h, p, 1, 2);
    // one ply more: side 1 at 4,4 may jump back over side 2's piece (4,4>2,2) - it stands instead
    expect(jumpsOf(playHalma(to(4, 4), { from: [5, 5], to: [3, 3] }))).toEqual(['4,4>2,2']);
    expect(two).toEqual({ move: '3,3>4,3', value: 192, nodes: 10, extNodes: 9, deepest: 2 });
  });

  it('the bound: no node at ABDEP+ABXMX or deeper is expanded, and ABDEP+ABXMX is cut to ABMAXP (8)', () => {
    // the 6x6 start, where jumps stay open: width 2 keeps the tree small
    const p = startHalma(6);
    const deep = (d: number, e: number) => search(h, p, d, e, 2).deepest;
    expect(deep(2, 1)).toBe(2);
    expect(deep(2, 3)).toBe(4);
    expect(deep(6, 7)).toBe(7);
    expect(deep(7, 7)).toBe(7);
    expect(deep(3, 0)).toBe(0);
  });

  it('*EXTEND E: 0 to 7 taken, anything else a bad card', () => {
    const lines = runDeck(['*HALMA 6', '*EXTEND 0', '*EXTEND 7', '*EXTEND 8', '*EXTEND', '*BOARD'], true, 1e8);
    expect(lines.filter((l) => l === 'BAD CARD')).toHaveLength(2);
    expect(lines).toContain('SIDE 1 TO MOVE');
  });
});
