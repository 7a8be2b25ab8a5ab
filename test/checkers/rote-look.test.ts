// What KLOOK remembers from one look-up to the next (asm/checkers/rote.sap: the last W1 looked up,
// signed by the side, with its count and its turned form; the last key's record places in the pool
// and the changes), through the emulator. In a search the look-ups at ply 3 come in runs of
// siblings: the side to move's pieces (W1) the same, one of the other side's pieces moved, often the
// same key. Such runs must give exactly the answers of the saved boards, for either side to move,
// and a board saved or a record read between two look-ups of one key must be found.

import { describe, expect, it } from 'vitest';
import { BLACK_MAN, WHITE_MAN, emptyPosition, legalMoves, rng, startPosition, type Position } from './reference.ts';
import { positionsByKey, Rote704, reversed, standardForm } from './roteharness.ts';
import { PLYK } from './harness.ts';

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

  it('records of 1 to 48 boards (steps of 16, of 8, the halvings and board by board), before another record or at the end of the changes: every board found, none between them', () => {
    // two black men and two white men (one of them on square 1): keys of up to 153 boards
    const byKey = new Map<number, Position[]>();
    for (let b1 = 5; b1 <= 28; b1++) for (let b2 = b1 + 1; b2 <= 28; b2++) for (let w = 5; w <= 28; w++) {
      if (w === b1 || w === b2) continue;
      const p = emptyPosition(false);
      p.squares[b1] = BLACK_MAN; p.squares[b2] = BLACK_MAN; p.squares[w] = WHITE_MAN; p.squares[1] = WHITE_MAN;
      byKey.set(standardForm(p).key, [...(byKey.get(standardForm(p).key) ?? []), p]);
    }
    const order = (list: Position[]) => list.sort((p, q) => standardForm(p).w1 - standardForm(q).w1 || standardForm(p).w2 - standardForm(q).w2);
    const [first, second] = [...byKey.values()].sort((a, b) => b.length - a.length).slice(0, 2).map(order);
    expect(second!.length).toBeGreaterThan(96);
    for (const n of [1, 2, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 48]) {
      const g = new Rote704();
      const saved = new Map<string, number>();
      const boards = [first!, second!].map((group) => group.slice(0, 2 * n + 1));
      boards.flat().forEach((p, i) => {
        if (i % 2 === 1) { saved.set(id(p), 64 * i); g.save(p, 64 * i, 3); } // n boards a record, a miss before, between and after each
      });
      for (const p of boards.flat()) {
        expect(g.look(p).score).toBe(saved.get(id(p)));
        expect(g.look(reversed(p)).score).toBe(saved.get(id(p)));
      }
    }
  });
});

describe("KLOOK's memo of the last search: siblings with one key and one W1", () => {
  /** Siblings (Black to move, Black's pieces the same) sharing one key: at least n of them. */
  const sameKey = (seed: number, n: number): Position[] => {
    const rand = rng(seed);
    for (;;) {
      const byKey = new Map<number, Position[]>();
      for (const p of family(rand, 6)) {
        const k = standardForm(p).key;
        byKey.set(k, [...(byKey.get(k) ?? []), p]);
      }
      const run = [...byKey.values()].find((r) => r.length >= n);
      if (run) return run;
    }
  };
  const onTapeAndRead = (g: Rote704): void => {
    g.call('KMERGE');
    g.poke('KRPM', 10000);
    g.poke('KPDEP', 24);
    g.setPosition(0, startPosition());
    g.call('KFWD');
  };
  const cycles = (g: Rote704, p: Position): { score: number | undefined; cycles: number } => {
    g.setPosition(3, p);
    g.poke('SPLY', g.peek('VPMIN'));
    const r = g.call('KLOOK', { xr1: PLYK * 3, returns: 2 });
    const score = g.look(p).score; // the same answer a second time (the memo kept or not)
    expect(r.ret === 2).toBe(score !== undefined);
    return { score, cycles: r.cycles };
  };

  it('one board of the key and W1 in the pool, then in the changes: each sibling gets its own answer, the memo much cheaper than the search, either side to move', () => {
    for (const area of ['pool', 'changes'] as const) {
      const [a, b, c] = sameKey(7, 3);
      for (const turn of [false, true]) {
        const g = new Rote704();
        const [x, y, z] = [a!, b!, c!].map((p) => (turn ? reversed(p) : p));
        if (area === 'pool') { g.save(b!, 640, 3); onTapeAndRead(g); } else { onTapeAndRead(g); g.save(b!, 640, 3); }
        const first = cycles(g, x!); // searched: the board with the W1 is b
        expect(first.score).toBeUndefined();
        expect(g.peek('KLAB')).not.toBe(0);
        const hit = cycles(g, y!); // from the memo
        expect(hit.score).toBe(640);
        const miss = cycles(g, z!);
        expect(miss.score).toBeUndefined();
        expect(miss.cycles).toBeLessThan(first.cycles - 200); // Black 161 against 474, White 221 against 568
        expect(hit.cycles).toBeLessThan(first.cycles - 200);
        expect(g.peek('KNHIT')).toBe(2);
      }
    }
  });

  it('no board of the W1: siblings of the key and W1 are misses from the memo; a board saved after it (the areas changed) is found', () => {
    // boards of one key: two with one W1 (looked up), one with another W1 (saved - the key in core)
    const groups = [...positionsByKey(rng(31), 4000, 3).values()];
    const pick = groups.flatMap((list) => {
      const byW1 = new Map<number, Position[]>();
      for (const q of list) byW1.set(standardForm(q).w1, [...(byW1.get(standardForm(q).w1) ?? []), q]);
      const two = [...byW1.values()].find((l) => l.length >= 2);
      const other = [...byW1.values()].find((l) => l !== two);
      return two && other ? [[two[0]!, two[1]!, other[0]!] as const] : [];
    })[0]!;
    const [x, y, z] = pick;
    for (const turn of [false, true]) {
      const g = new Rote704();
      const [xs, ys] = [x, y].map((p) => (turn ? reversed(p) : p));
      g.save(z, 320, 3);
      onTapeAndRead(g); // z in the pool
      const first = cycles(g, xs!);
      expect(first.score).toBeUndefined();
      const memo = cycles(g, ys!);
      expect(memo.score).toBeUndefined();
      expect(memo.cycles).toBeLessThan(first.cycles - 60);
      g.save(y, 960, 4); // into the changes: the memo is forgotten
      expect(cycles(g, ys!).score).toBe(960);
      expect(cycles(g, xs!).score).toBeUndefined();
      expect(cycles(g, z).score).toBe(320);
    }
  });

  it('White to move, two memos in turn: the second board is compared as itself, not as the first', () => {
    const [a, b, c] = sameKey(7, 3).map(reversed);
    const [d, e, f] = sameKey(23, 3).map(reversed);
    const g = new Rote704();
    g.save(b!, 640, 3);
    g.save(e!, 1280, 3);
    onTapeAndRead(g);
    expect(cycles(g, a!).score).toBeUndefined(); // the memo: b
    expect(cycles(g, b!).score).toBe(640); // b's W2, W3 turned and kept
    expect(cycles(g, c!).score).toBeUndefined();
    expect(cycles(g, d!).score).toBeUndefined(); // another memo: e
    expect(cycles(g, e!).score).toBe(1280);
    expect(cycles(g, f!).score).toBeUndefined();
    expect(cycles(g, b!).score).toBe(640);
  });

  it('a hit in the pool leaves the changes unsearched: a sibling saved in the changes is still found', () => {
    const [a, b, c] = sameKey(23, 3);
    const g = new Rote704();
    g.save(a!, 64, 3);
    onTapeAndRead(g); // a in the pool
    g.save(b!, 128, 3); // b in the changes, a board of the same key and W1
    expect(cycles(g, a!).score).toBe(64);
    expect(cycles(g, b!).score).toBe(128);
    expect(cycles(g, c!).score).toBeUndefined();
    expect(cycles(g, a!).score).toBe(64);
  });

  it('a hit in the changes (searched first) leaves the pool unsearched: a sibling in the pool is still found, either side to move', () => {
    const [a, b] = sameKey(23, 2);
    for (const turn of [false, true]) {
      const g = new Rote704();
      g.save(a!, 64, 3);
      onTapeAndRead(g); // a in the pool
      g.save(b!, 128, 3); // b in the changes, a board of the same key and W1
      const [x, y] = [a!, b!].map((p) => (turn ? reversed(p) : p));
      expect(cycles(g, y!).score).toBe(128); // the pool's place of the key not known yet
      expect(cycles(g, x!).score).toBe(64);
      expect(cycles(g, y!).score).toBe(128);
    }
  });

  it('a miss that meets a board of its W1 greater than itself counts the boards of that W1 after it: the memo answers none of them wrongly', () => {
    // three boards of one key and one W1, by W2: the least not saved, the other two saved
    const [least, mid, most] = sameKey(7, 3).slice(0, 3).sort((p, q) => standardForm(p).w2 - standardForm(q).w2);
    for (const area of ['pool', 'changes'] as const) {
      for (const turn of [false, true]) {
        const g = new Rote704();
        if (area === 'pool') { g.save(mid!, 64, 3); g.save(most!, 128, 3); onTapeAndRead(g); } else { onTapeAndRead(g); g.save(mid!, 64, 3); g.save(most!, 128, 3); }
        const [x, y, z] = [least!, mid!, most!].map((p) => (turn ? reversed(p) : p));
        expect(cycles(g, x!).score).toBeUndefined();
        expect(cycles(g, z!).score).toBe(128);
        expect(cycles(g, y!).score).toBe(64);
      }
    }
  });

  it('a hit of the search in the changes forgets the memo: a board of the same key and W1 after it in the record is still found', () => {
    // two boards of one key and one W1 in the changes; the look-up of the first (by W2) stops at it
    const [first, second] = sameKey(7, 2).slice(0, 2).sort((p, q) => standardForm(p).w2 - standardForm(q).w2);
    for (const turn of [false, true]) {
      const g = new Rote704();
      onTapeAndRead(g);
      g.save(first!, 64, 3);
      g.save(second!, 128, 3);
      const [x, y] = [first!, second!].map((p) => (turn ? reversed(p) : p));
      expect(cycles(g, x!).score).toBe(64);
      expect(cycles(g, y!).score).toBe(128);
      expect(cycles(g, x!).score).toBe(64);
    }
  });
});

describe('what the look-up counts, and the set-up before the search', () => {
  it('KLOOK counts look-ups (KNLK) and the other positions it is called for (KNNM); KPLAY adds both to KNEV and the hits to the refreshes', () => {
    const g = new Rote704();
    const pos = startPosition();
    const leaves = new Map<string, Position>();
    for (const a of legalMoves(pos)) for (const b of legalMoves(a.result)) for (const c of legalMoves(b.result)) leaves.set(JSON.stringify(c.result), c.result);
    [...leaves.values()].slice(0, 20).forEach((p, i) => g.save(p, 64 * (i + 1), 3));
    g.poke('KLKV', g.sym('KLOOK'));
    g.poke('KON', 1);
    g.setPosition(0, pos);
    g.call('SEARCH');
    const [lk, nm, hits] = [g.peek('KNLK'), g.peek('KNNM'), g.peek('KNHIT')];
    expect(lk).toBeGreaterThan(0);
    expect(hits).toBeGreaterThan(0);
    expect(g.peek('KNEV')).toBe(0); // not counted in the search
    const [tev, ref] = [g.peek('KTEV'), g.peek('KNREF')];
    g.poke('KDIRT', 0);
    g.call('KPLAY');
    expect(g.peek('KTEV') - tev).toBe(lk + nm);
    expect(g.peek('KNREF') - ref).toBeGreaterThanOrEqual(hits); // the hits, and KPLAY's own save if a refresh
    expect(g.peek('KDIRT')).not.toBe(0);
    expect([g.peek('KNLK'), g.peek('KNNM'), g.peek('KNEV'), g.peek('KNHIT')]).toEqual([0, 0, 0, 0]);
  });

  it("KPRE sets up the key searches of the pool and the changes as they are, so the search's look-ups do not", () => {
    const g = new Rote704();
    for (const p of family(rng(3), 6)) g.save(p, 64, 3);
    g.call('KMERGE');
    g.poke('KRPM', 10000);
    g.poke('KPDEP', 24);
    g.poke('KON', 1);
    g.setPosition(0, startPosition());
    g.call('KPRE'); // KFWD reads the records, then KQPRE
    expect(g.peek('KPN')).toBeGreaterThan(0);
    g.save(family(rng(4), 6)[0]!, 64, 3); // a change
    g.call('KPRE');
    expect(g.peek('KQPN')).toBe(g.peek('KPN'));
    expect(g.peek('KQCN')).toBe(g.peek('KN'));
  });
});
