// Two kings against one by rote (src/checkers/rote/kingsEnding.ts; reproduce samuel-rote-kings):
// the starts are every position of the ending once per symmetry class, and a pass through the 704
// makes one move from each start and saves each board it moved from, so a second pass finds them
// (the boards of one pass in one 704 run: the changes, searched by every look-up).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KINGS_TEST, kingsEndingStarts, kingsHeld, kingsPass, kingsTest, kingsTestAgainst } from '../../src/checkers/rote/kingsEnding.ts';
import { createMemorySet } from '../../src/checkers/rote/memorySet.ts';
import { readTapeFile } from '../../src/devices/tapeImage.ts';
import { legalMoves, parseFen as parseReference } from '../checkers/reference.ts';
import { parseFen } from '../../src/checkers/notation/board.ts';

const dir = mkdtempSync(join(tmpdir(), 'kings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A position's class: the squares under the four symmetries of the dark squares (row r, column c). */
const classOf = (fen: string): string => {
  const p = parseFen(fen);
  const rc = (s: number): [number, number] => { const r = Math.floor((s - 1) / 4); return [r, 2 * ((s - 1) % 4) + (r % 2 === 0 ? 1 : 0)]; };
  const sq = ([r, c]: [number, number]): number => 4 * r + Math.floor(c / 2) + 1;
  const images = [(r: number, c: number): [number, number] => [r, c], (r: number, c: number): [number, number] => [7 - r, 7 - c], (r: number, c: number): [number, number] => [c, r], (r: number, c: number): [number, number] => [7 - c, 7 - r]];
  return images.map((f) => {
    const on = (piece: string): number[] => p.squares.flatMap((q, s) => (q === piece ? [sq(f(...rc(s)))] : [])).sort((a, b) => a - b);
    return `${p.toMove}:${on('B').join(',')}:${on('W').join(',')}`;
  }).sort()[0]!;
};

describe('two kings against one by rote', () => {
  it('the starts: every placement of two black kings and a white king, either side to move, once per symmetry class', () => {
    const starts = kingsEndingStarts();
    const classes = starts.map(classOf);
    expect(new Set(classes).size).toBe(starts.length);
    // 2 × 32·C(31,2) placements = 29,760; classes of 4 but for those a symmetry keeps
    expect(starts.length).toBe(7572);
    expect(starts.filter((f) => f.startsWith('B:')).length).toBe(3786);
    expect(classes).toContain(classOf(KINGS_TEST));
    for (const f of ['B:WK5:BK18,K23', 'W:WK32:BK1,K2', 'W:WK28:BK3,K30']) expect(classes).toContain(classOf(f));
  });

  it('a pass: one move by the 704 from each start, each board it moved from saved; the next pass refreshes them', async () => {
    const starts = kingsEndingStarts().filter((_, i) => i % 600 === 0);
    const memory = join(dir, 'memory.tap');
    const first = await kingsPass(memory, starts);
    expect(first.games).toHaveLength(starts.length);
    for (const g of first.games) expect(g.moves.length).toBeLessThanOrEqual(1);
    const held = kingsHeld(memory);
    // every start is searched and saved (a start the program concedes too: W:WK3:BK2,K30), one board a class
    expect(held.boards).toBe(starts.length);
    expect(first.moves).toBeGreaterThanOrEqual(starts.length - 1);
    expect(held.kingsToMove + held.loneToMove).toBe(held.boards);
    expect(held.list.map((b) => classOf(b.fen)).every((c) => c.startsWith('black'))).toBe(true); // standard form: the side to move is Black
    expect(held.list.every((b) => b.age === 4096)).toBe(true); // KAGE0, a new board's age
    // the same memory as a set of reels (as the million's): read alike, and the test game on a copy of it plays alike
    const set = join(dir, 'set');
    createMemorySet(set, undefined, readTapeFile(memory));
    expect(kingsHeld(set)).toEqual(held);
    const [onTape, onSet] = [await kingsTest(memory), await kingsTest(set)];
    expect(onSet.games).toEqual(onTape.games);
    expect(onSet.lookups).toBe(onTape.lookups);
    expect(kingsHeld(set)).toEqual(held); // the game learnt on a copy
    await kingsPass(memory, starts);
    const again = kingsHeld(memory);
    expect(again.boards).toBe(held.boards);
    expect(again.list.every((b) => b.age === 2048)).toBe(true); // saved again: refreshed, the age halved (13 moves: no unit of age yet)
  }, 60_000);

  it('the test game against the host: the 704 plays the two kings, the host the lone king (its moves as cards)', async () => {
    const pathOf = (m: { path: number[]; captures: unknown[] }): string => m.path.join(m.captures.length ? 'x' : '-');
    const replies: string[] = [];
    const t = await kingsTestAgainst(join(dir, 'none.tap'), (moves) => {
      let p = parseReference(KINGS_TEST);
      for (const mv of moves) p = legalMoves(p).find((m) => pathOf(m) === mv)!.result;
      expect(p.blackToMove).toBe(false); // asked only with White to move
      const ms = legalMoves(p);
      const reply = pathOf(ms[ms.length - 1]!);
      replies.push(reply);
      return reply;
    });
    expect(t.games).toHaveLength(1);
    const g = t.games[0]!;
    expect(g.over).toMatch(/^GAME OVER/);
    expect(g.moves.filter((_, i) => i % 2 === 1)).toEqual(replies.slice(0, Math.floor(g.moves.length / 2)));
    expect(t.searches.every((s) => s.side === 'black')).toBe(true); // only the program's moves come from a search
    expect(t.searches).toHaveLength(Math.ceil(g.moves.length / 2));
  }, 60_000);
});
