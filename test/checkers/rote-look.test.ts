// What KLOOK remembers from one look-up to the next (asm/checkers/rote.sap: the last W1 looked up,
// signed by the side, with its count and its turned form; the last key's record places in the pool
// and the changes), through the emulator. In a search the look-ups at ply 3 come in runs of
// siblings: the side to move's pieces (W1) the same, one of the other side's pieces moved, often the
// same key. Such runs must give exactly the answers of the saved boards, for either side to move,
// and a board saved or a record read between two look-ups of one key must be found.

import { describe, expect, it } from 'vitest';
import { BLACK_MAN, WHITE_MAN, emptyPosition, legalMoves, rng, startPosition, type Position } from './reference.ts';
import { positionsByKey, Rote704, reversed, standardForm } from './roteharness.ts';

const id = (pos: Position): string => JSON.stringify(standardForm(pos));

/**
 * Siblings at ply 3: the positions after each move of White's (no capture) from a position of
 * men, Black to move in all of them - Black's pieces (W1) the same, White's moved; moves of
 * different men the same way give one key. At least `size` of them.
 */
function family(rand: () => number, size: number): Position[] {
  for (;;) {
    const base = emptyPosition(false);
    const squares = [...Array(32).keys()].map((i) => i + 1).sort(() => rand() - 0.5);
    squares.slice(0, 3).forEach((s) => { base.squares[s] = BLACK_MAN; });
    squares.slice(3, 8).forEach((s) => { base.squares[s] = WHITE_MAN; });
    const out = legalMoves(base).map((m) => m.result).filter((p) => p.squares.filter((q) => q === BLACK_MAN).length === 3);
    if (out.length >= size) return out;
  }
}

describe("KLOOK's memory of the last look-up", () => {
  it('runs of siblings, Black and White to move, find exactly the saved boards in the pool and the changes', () => {
    const g = new Rote704();
    const rand = rng(4242);
    const families = Array.from({ length: 8 }, () => family(rand, 6));
    const saved = new Map<string, number>();
    const save = (p: Position): void => {
      const score = 64 * (saved.size + 1);
      saved.set(id(p), score);
      g.save(p, score, 3);
    };
    // a third of each family on tape (read into the pool), a third in the changes, a third not saved
    families.forEach((f) => f.filter((_, i) => i % 3 === 0).forEach(save));
    g.call('KMERGE');
    g.poke('KRPM', 10000);
    g.poke('KPDEP', 24);
    g.setPosition(0, startPosition());
    g.call('KFWD');
    families.forEach((f) => f.filter((_, i) => i % 3 === 1).forEach(save));
    expect(g.peek('KPN')).toBeGreaterThan(0);
    expect(g.peek('KN')).toBeGreaterThan(0);
    let repeatedKeys = 0;
    for (const f of families) {
      for (const run of [f, f.map(reversed)]) { // Black to move, then the same boards with White to move
        let last = -1;
        for (const p of run) {
          const got = g.look(p);
          expect(got.score).toBe(saved.get(id(p)));
          if (got.score !== undefined) {
            expect(got.key).toBe(standardForm(p).key);
            if (got.key === last) repeatedKeys++;
            last = got.key;
          }
        }
      }
    }
    expect(repeatedKeys).toBeGreaterThan(5); // the remembered record places were used
    expect(g.peek('KNHIT')).toBe(2 * saved.size);
  });

  it('a board saved, or a record read, after a look-up of its key is found by the next look-up', () => {
    const g = new Rote704();
    const f = family(rng(99), 6);
    const keyOf = (p: Position): number => standardForm(p).key;
    const pairs = f.flatMap((a, i) => f.slice(i + 1).filter((b) => keyOf(b) === keyOf(a)).map((b) => [a, b] as const));
    expect(pairs.length).toBeGreaterThan(0);
    const [a, b] = pairs[0]!; // two boards of one key
    g.poke('KRPM', 10000);
    g.poke('KPDEP', 24);
    const readForward = (): void => {
      g.setPosition(0, startPosition());
      g.call('KFWD');
    };
    // a on tape and in the pool; b saved into the changes after a look-up of its key
    g.save(a, 640, 3);
    g.call('KMERGE');
    readForward();
    expect(g.look(a).score).toBe(640);
    expect(g.look(b).score).toBeUndefined(); // its key's record remembered: in the pool, none in the changes
    g.save(reversed(b), -1280, 5); // into the changes (KINS)
    expect(g.look(b).score).toBe(-1280);
    expect(g.look(reversed(a)).score).toBe(640);
    // a new game: the pool empty, b (a change) keeps its key in core; a's record read from tape
    // after a look-up of a found the key in the changes only
    g.call('KMERGE'); // a and b on tape
    g.call('KRST');
    const c = f.find((p) => keyOf(p) === keyOf(a) && p !== a && p !== b) ?? reversed(a);
    g.save(c, 1920, 7); // the key in core again, in the changes
    expect(g.look(a).score).toBeUndefined(); // not in core yet
    readForward(); // KPUT: a's record into the pool
    expect(g.look(a).score).toBe(640);
    expect(g.look(b).score).toBe(-1280);
    expect(g.look(c).score).toBe(1920);
  });
});

describe('the search within a record (KLSR)', () => {
  it('records of more than 8 boards, in the pool and in the changes: every board found with either side to move, no other board of the key', () => {
    const g = new Rote704();
    const rand = rng(808);
    const [big, second] = [...positionsByKey(rand, 4000, 2).values()].sort((a, b) => b.length - a.length);
    expect(second!.length).toBeGreaterThan(20);
    const saved = new Map<string, number>();
    const save = (p: Position): void => {
      const score = 64 * (saved.size + 1);
      saved.set(id(p), score);
      g.save(p, score, 3);
    };
    big!.filter((_, i) => i % 2 === 0).forEach(save); // every other board: misses fall between hits
    g.call('KMERGE');
    g.poke('KRPM', 10000);
    g.poke('KPDEP', 24);
    g.setPosition(0, startPosition());
    g.call('KFWD');
    second!.filter((_, i) => i % 2 === 1).forEach(save); // a record in the changes
    for (const p of [...big!, ...second!]) {
      expect(g.look(p).score).toBe(saved.get(id(p)));
      expect(g.look(reversed(p)).score).toBe(saved.get(id(p)));
    }
  });
});
