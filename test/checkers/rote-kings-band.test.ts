// An ending of kings only (asm/checkers/rote.sap KFBE, KPUT's KPUF; docs/checkers-rote.md "Two kings
// against one"): before a search from a board of kings only, at most 4 pieces, the band reading
// takes the whole class of ply 1 (key/2^21: pieces, advantage, kings - every row moment and either
// move), since a king moves back and the least of the four images takes any row moment; of those
// records only the sure scores go into the pool. Any other board reads the band as before. And a
// sure score counted past 64 plies is kept on tape as the farthest sure score (KPACK), not as the
// largest ordinary one.

import { describe, expect, it } from 'vitest';
import { BLACK_KING, BLACK_MAN, WHITE_KING, coords, emptyPosition, rng, squareAt, type Piece, type Position } from './reference.ts';
import { BandReader, D1, D2, ROT, Rote704, standardForm } from './roteharness.ts';
import { squaresOf } from './harness.ts';
import { decodeMemoryTape, SURE_SCORE, VWIN } from '../../src/checkers/rote/memoryTape.ts';
import type { TapeEntry } from '../../src/devices/tapeImage.ts';

/** A position of the given pieces on distinct random squares. */
function placed(rand: () => number, pieces: Piece[], blackToMove: boolean): Position {
  const p = emptyPosition(blackToMove);
  const squares = Array.from({ length: 32 }, (_, i) => i + 1).sort(() => rand() - 0.5);
  pieces.forEach((piece, i) => { p.squares[squares[i]!] = piece; });
  return p;
}

const KINGS: Piece[] = [BLACK_KING, BLACK_KING, WHITE_KING];
const key = (p: Position): number => standardForm(p).key;
const cls = (k: number): number => Math.floor(k / 2 ** 21);

/**
 * Where a piece of the side to move of a ply-3 board (std form W1) stands: a square of the root's
 * other side or one king move off it, with their images by the symmetries of the standard form.
 */
function reach(root: Position): Set<number> {
  const out = new Set<number>();
  const other = root.blackToMove ? WHITE_KING : BLACK_KING;
  for (let s = 1; s <= 32; s++) {
    if (root.squares[s] !== other) continue;
    const { row, col } = coords(s);
    for (const t of [s, squareAt(row + 1, col + 1), squareAt(row + 1, col - 1), squareAt(row - 1, col + 1), squareAt(row - 1, col - 1)]) {
      if (t) for (const f of [(x: number) => x, D1, D2, ROT]) out.add(f(t));
    }
  }
  return out;
}

/**
 * A memory tape written by the program (KMERGE): two kings against one with the lone king to move
 * (every other one a sure loss, the rest an ordinary score), with the kings to move (sure wins), a
 * king and a man against a king (3 pieces, not all kings), 4-piece boards before them and 2-piece
 * boards after.
 */
function endingTape(): TapeEntry[] {
  const g = new Rote704();
  const rand = rng(1959);
  const seen = new Set<string>();
  const add = (p: Position, score: number): void => {
    const s = JSON.stringify(standardForm(p));
    if (seen.has(s)) return;
    seen.add(s);
    g.save(p, score, 3);
  };
  for (let i = 0; i < 40; i++) add(placed(rand, KINGS, false), i % 2 ? -640 : -(VWIN - 5 - i));
  for (let i = 0; i < 20; i++) add(placed(rand, KINGS, true), VWIN - 7 - i);
  for (let i = 0; i < 15; i++) add(placed(rand, [BLACK_KING, BLACK_MAN, WHITE_KING], i % 2 === 0), 64 * i);
  for (let i = 0; i < 15; i++) add(placed(rand, [BLACK_KING, BLACK_KING, WHITE_KING, WHITE_KING], i % 2 === 0), 64);
  for (let i = 0; i < 10; i++) add(placed(rand, [BLACK_KING, WHITE_KING], i % 2 === 0), 0);
  g.call('KMERGE');
  return [...g.tapes.get(2)!.entries];
}

describe('an ending of kings only reads its whole class (KFBE)', () => {
  const entries = endingTape();
  const records = decodeMemoryTape(entries).records;
  /** The program's band reading (KBAND 1) before a search from `root`, on this tape from its start. */
  const bandRead = (root: Position): Rote704 => {
    const g = Rote704.reading(entries, { cap: 800, perMove: 4, depth: 2 });
    g.poke('KBAND', 1);
    g.call('KRST');
    g.setPosition(0, root);
    g.call('KFWD');
    return g;
  };

  it('a board of two kings against one: every record of ply 1\'s class, only sure scores with the side to move where ply 3 can have it', () => {
    const root = placed(rng(7), KINGS, true);
    const g = bandRead(root);
    const want = cls(key({ ...root, blackToMove: false }));
    const squares = reach(root);
    const near = (w1: number): boolean => squaresOf(w1).some((q) => squares.has(q));
    const expected = records.filter((r) => cls(r.key) === want).flatMap((r) => r.boards.filter((b) => Math.abs(b.score) > SURE_SCORE && near(b.w1)).map((b) => ({ key: r.key, w1: b.w1, score: b.score })));
    // the filter takes some sure boards and leaves others
    const sure = records.filter((r) => cls(r.key) === want).flatMap((r) => r.boards).filter((b) => Math.abs(b.score) > SURE_SCORE);
    expect(expected.length).toBeGreaterThan(2);
    expect(expected.length).toBeLessThan(sure.length);
    const pool = g.pool().map((e) => ({ key: e.key, w1: e.w1, score: e.score }));
    expect(pool).toEqual(expected);
    // the class holds ordinary scores too (not kept), and spreads over several row moments and both moves - the band is one of them
    const ordinary = records.filter((r) => cls(r.key) === want).flatMap((r) => r.boards).filter((b) => Math.abs(b.score) <= SURE_SCORE);
    expect(ordinary.length).toBeGreaterThan(10);
    expect(new Set(pool.map((e) => Math.floor(e.key / 1024))).size).toBeGreaterThan(2);
    // the records of the other classes before it were passed over; the first after it waits
    expect(g.peek('KPEND')).toBe(1);
    expect(cls(g.peek('KRK'))).toBeGreaterThan(want);
    expect(g.peek('KPRC')).toBe(new Set(expected.map((e) => e.key)).size);
  });

  it('a board with a man among 3 pieces, or 5 kings: the band, as before', () => {
    const rand = rng(11);
    for (const [pieces, black] of [[[BLACK_KING, BLACK_MAN, WHITE_KING], true], [[BLACK_KING, BLACK_KING, BLACK_KING, WHITE_KING, WHITE_KING], true]] as const) {
      const root = placed(rand, [...pieces], black);
      const g = bandRead(root);
      const ref = new BandReader(records, 800);
      ref.move(root);
      expect(g.pool().map((e) => [e.key, e.w1, e.score])).toEqual(ref.pool.flatMap((r) => r.boards.map((b) => [r.key, b.w1, b.score])));
      expect(g.peek('KNSKP')).toBe(ref.passed);
    }
  });
});

describe('a sure score counted past 64 plies (KPACK)', () => {
  it('is kept sure at the farthest distance the tape word holds, 63; nearer sure and ordinary scores as before', () => {
    const g = new Rote704();
    const rand = rng(64);
    const scores = [VWIN - 80, -(VWIN - 1000), VWIN - 64, VWIN - 63, -(VWIN - 20), 2 ** 20 - 65, -640];
    const boards = scores.map(() => placed(rand, KINGS, true));
    boards.forEach((p, i) => g.save(p, scores[i]!, 3));
    g.call('KMERGE');
    const tape = [...g.tapes.get(2)!.entries];
    const onTape = new Map(decodeMemoryTape(tape).records.flatMap((r) => r.boards.map((b) => [`${r.key}/${b.w1}/${b.w2}/${b.w3}`, b.score] as const)));
    const read = (p: Position): number | undefined => { const s = standardForm(p); return onTape.get(`${s.key}/${s.w1}/${s.w2}/${s.w3}`); };
    expect(boards.map(read)).toEqual([VWIN - 63, -(VWIN - 63), VWIN - 63, VWIN - 63, -(VWIN - 20), 2 ** 20 - 65, -640]);
    // read back by the program: the score in core is the sure one
    const r = Rote704.reading(tape, { cap: 800, perMove: 40, depth: 2 });
    r.call('KRST');
    r.setPosition(0, boards[0]!);
    r.call('KFWD');
    expect(r.look(boards[0]!).score).toBe(VWIN - 63);
  });
});
