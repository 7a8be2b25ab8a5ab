// The look-up (asm/checkers/rote.sap KLOOK) through the board table (KXBLD, KXIN, KXHF): the board
// in standard form hashed to a bucket of two places, each leading to an entry of the changes or the
// pool, tried in turn till the board or an empty place. Through the emulator: in a search the
// look-ups at ply 3 come in runs of siblings (the side to move's pieces the same, one of the other
// side's pieces moved, often one key), which must give exactly the answers of the saved boards for
// either side to move; a board saved or a record read between two look-ups must be found; the
// table must hold every entry of the game played, reachable from its bucket, and nothing else.

import { describe, expect, it } from 'vitest';
import { BLACK_MAN, WHITE_MAN, emptyPosition, legalMoves, randomPosition, rng, startPosition, type Position } from './reference.ts';
import { positionsByKey, Rote704, reversed, standardForm, withPieces } from './roteharness.ts';

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

/** ACL: the 36-bit logical sum with the carry out of position P added back in at 35. */
const acl = (a: number, b: number): number => (a + b >= 2 ** 36 ? a + b - 2 ** 36 + 1 : a + b);

/** The first bucket of a board in standard form (KLOOK, KXIN), as docs/checkers-rote.md states it. */
export const bucketOf = (w1: number, w2: number): number => acl(w1, Math.floor(w2 / 2)) % 1021;

/** The table's places in probing order: bucket h (0 to 1020) at KXT-h, its decrement then its address. */
function places(g: Rote704): number[] {
  return Array.from({ length: 1021 }, (_, h) => g.peek('KXT', -h)).flatMap((w) => [Math.floor(w / 2 ** 18) % 2 ** 15, w % 2 ** 15]);
}

/**
 * The board table as docs/checkers-rote.md states it: every entry of the game played (`ofGame`, entry
 * numbers) at a place reachable from its bucket with no empty place before it, nothing else in it, and
 * no entry of the pool before one of the changes on the latter's way from its bucket (the changes first).
 */
function expectTable(g: Rote704, ofGame: number[]): void {
  const at = places(g);
  const pool = 6 * g.peek('KCCAP');
  for (const i of ofGame) {
    const e = g.entry(i);
    const start = 2 * bucketOf(e.w1, e.w2);
    const where = at.indexOf(6 * (i + 1));
    expect(where, `entry ${i}`).toBeGreaterThanOrEqual(0);
    const run = where >= start ? at.slice(start, where) : [...at.slice(start), ...at.slice(0, where)];
    expect(run.every((v) => v !== 0), `entry ${i}: an empty place before it`).toBe(true);
    if (6 * (i + 1) <= pool) expect(run.every((v) => v <= pool), `change ${i}: a board of the pool before it`).toBe(true);
  }
  expect(at.filter((v) => v !== 0).sort((a, b) => a - b)).toEqual(ofGame.map((i) => 6 * (i + 1)).sort((a, b) => a - b));
}

/** Reads the tape's records into the pool (every record, however deep, not only the bands). */
function readAll(g: Rote704): void {
  g.poke('KBAND', 0);
  g.poke('KRPM', 10000);
  g.poke('KPDEP', 24);
  g.setPosition(0, startPosition());
  g.call('KFWD');
}

describe('the look-up by the board table', () => {
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
    let sameKey = 0;
    for (const f of families) {
      for (const run of [f, f.map(reversed)]) { // Black to move, then the same boards with White to move
        let last = -1;
        for (const p of run) {
          const { w1, w2, w3, key } = standardForm(p);
          expect(g.look(p)).toEqual({ score: saved.get(id(p)), board: { w1, w2, w3 } });
          if (key === last) sameKey++;
          last = key;
        }
      }
    }
    expect(sameKey).toBeGreaterThan(5); // runs of one key, as in a search
    g.call('KHFLD'); // KLOOK counts hits by their saved ply (KHPL); KHFLD makes KNHIT of them, as KPLAY does
    expect(g.peek('KNHIT')).toBe(2 * saved.size);
  });

  it('a board saved, or a record read, after a look-up is found by the next look-up', () => {
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
    expect(g.look(b).score).toBeUndefined();
    g.save(reversed(b), -1280, 5); // into the changes (KINS)
    expect(g.look(b).score).toBe(-1280);
    expect(g.look(reversed(a)).score).toBe(640);
    // a new game: the pool empty; c saved into the changes, a looked up (not in core), then a's
    // record read from tape
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

describe('many boards of one key (a record of Samuel\'s catalogue) in either area', () => {
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

  it('records of 1 to 48 boards, before another record or at the end of the changes: every board found, none between them', () => {
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

describe('the board table (KXBLD)', () => {
  it('holds every entry of the game played at a place reachable from its bucket, none of the other game, and nothing else', () => {
    const g = new Rote704();
    const rand = rng(515);
    const ps = Array.from({ length: 700 }, () => randomPosition(rand, 3 + Math.floor(rand() * 10), 0.3)); // at most 12 a side
    const distinct = [...new Map(ps.map((p) => [id(p), p])).values()];
    distinct.slice(0, 380).forEach((p, i) => g.save(p, 64 * (i + 1), 3)); // the changes hold 400 (KCCAP)
    g.call('KMERGE');
    readAll(g);
    g.game(true); // two boards of the other game in the changes
    distinct.slice(400, 402).forEach((p) => g.save(p, 64, 3));
    g.game(false);
    distinct.slice(402, 500).forEach((p, i) => g.save(p, -64 * (i + 1), 3));
    const [kn, kpn, kccap] = [g.peek('KN'), g.peek('KPN'), g.peek('KCCAP')];
    expect(kn).toBe(100);
    expect(kpn).toBeGreaterThan(300);
    expect(g.look(distinct[0]!).score).toBe(64); // the first look-up builds the table
    const ofGame = (): number[] => [...Array(g.peek('KN')).keys(), ...Array.from({ length: kpn }, (_, i) => kccap + i)].filter((i) => g.entry(i).key < 2 ** 29);
    expect(ofGame().length).toBe(98 + kpn);
    expectTable(g, ofGame());
    for (const p of distinct.slice(400, 402)) expect(g.look(p).score).toBeUndefined(); // the other game's
    // boards saved with the table built go into it as they come (KINS: the changes above move up,
    // the new one ahead of the pool, putting boards of the pool out along their runs): no build
    const built = (): boolean => g.peek('KL1') === g.peek('KL1I');
    distinct.slice(500, 650).forEach((p, i) => {
      g.save(p, 64 * (i + 7), 5);
      expect(built()).toBe(true);
    });
    g.game(true);
    distinct.slice(650, 653).forEach((p) => g.save(p, 64, 3)); // the other game's: the table built again, without them
    g.game(false);
    expect(g.look(distinct[0]!).score).toBe(64);
    distinct.slice(653, 700).forEach((p, i) => g.save(p, -64 * (i + 7), 5));
    expect(built()).toBe(true);
    expect(g.peek('KN')).toBe(100 + 150 + 3 + 47);
    expectTable(g, ofGame());
    distinct.slice(500, 650).forEach((p, i) => expect(g.look(reversed(p)).score).toBe(64 * (i + 7)));
    distinct.slice(653, 700).forEach((p, i) => expect(g.look(p).score).toBe(-64 * (i + 7)));
    for (const p of distinct.slice(650, 653)) expect(g.look(p).score).toBeUndefined();
  });

  it('a run of places past the last bucket goes on at the first: boards of bucket 1020 are all found, and a miss there stops at an empty place', () => {
    const g = new Rote704();
    const rand = rng(1020);
    const last: Position[] = [];
    const seen = new Set<string>();
    while (last.length < 6) {
      const p = randomPosition(rand, 8, 0.2);
      const { w1, w2 } = standardForm(p);
      if (bucketOf(w1, w2) === 1020 && !seen.has(id(p))) { seen.add(id(p)); last.push(p); }
    }
    last.slice(0, 5).forEach((p, i) => g.save(p, 64 * (i + 1), 3));
    last.slice(0, 5).forEach((p, i) => expect(g.look(reversed(p)).score).toBe(64 * (i + 1)));
    expect(g.look(last[5]!).score).toBeUndefined();
    const at = places(g);
    expect(at.slice(2040).every((v) => v !== 0)).toBe(true);
    expect(at.slice(0, 3).every((v) => v !== 0)).toBe(true); // the three that did not fit bucket 1020
    expect(at.filter((v) => v !== 0).length).toBe(5);
  });

  it('after any run of saves, reads, drops, merges, new games and changes of game, every look-up finds exactly the boards the areas hold', () => {
    const g = new Rote704();
    const rand = rng(1959);
    const seen = new Set<string>();
    const ps: Position[] = [];
    while (ps.length < 150) {
      const p = randomPosition(rand, 1 + (ps.length % 12), 0.2);
      if (!seen.has(id(p))) { seen.add(id(p)); ps.push(p); }
    }
    g.poke('KPCAP', 30); // a small pool: records are dropped
    g.poke('KRPM', 3);
    g.poke('KBAND', 0);
    let giveaway = false;
    const counts = { hits: 0, misses: 0, drops: 0 };
    // the oracle: the boards of the areas as they stand, of the game played (the key's 2^29)
    const held = (): Map<string, number> => new Map([...g.entries(), ...g.pool()]
      .filter((e) => e.key < 2 ** 35 && (e.key >= 2 ** 29) === giveaway)
      .map((e) => [JSON.stringify({ w1: e.w1, w2: e.w2, w3: e.w3, key: e.key }), e.score]));
    const saved: Position[] = [];
    for (let step = 0; step < 400; step++) {
      const r = rand();
      const p = saved.length && rand() < 0.7 ? saved[Math.floor(rand() * saved.length)]! : ps[Math.floor(rand() * ps.length)]!;
      if (r < 0.25) {
        g.save(p, 64 * (1 + Math.floor(rand() * 1000)) * (rand() < 0.5 ? 1 : -1), 3);
        saved.push(p);
      }
      else if (r < 0.37) {
        g.setPosition(0, withPieces(2 + Math.floor(rand() * 23), rand));
        g.call('KFWD');
      } else if (r < 0.42 && g.peek('KPN') > 0) {
        g.call('KDROP');
        counts.drops++;
      } else if (r < 0.44) g.call('KMERGE');
      else if (r < 0.46) g.call('KRST');
      else if (r < 0.48) {
        giveaway = !giveaway;
        g.game(giveaway);
      } else {
        const q = rand() < 0.5 ? reversed(p) : p;
        const want = held().get(JSON.stringify(standardForm(q, giveaway)));
        expect(g.look(q).score, `step ${step}`).toBe(want);
        if (want === undefined) counts.misses++;
        else counts.hits++;
      }
    }
    expect(counts.hits).toBeGreaterThan(30);
    expect(counts.misses).toBeGreaterThan(30);
    expect(counts.drops).toBeGreaterThan(5);
  });

  it("KPRE builds the table for the areas as they are, so the search's look-ups do not; a change of the areas has the next look-up build it", () => {
    const g = new Rote704();
    const built = (): boolean => g.peek('KL1') === g.peek('KL1I');
    const f = family(rng(3), 6);
    for (const p of f) g.save(p, 64, 3);
    g.call('KMERGE');
    expect(built()).toBe(false);
    g.poke('KRPM', 10000);
    g.poke('KPDEP', 24);
    g.poke('KON', 1);
    g.setPosition(0, startPosition());
    g.call('KPRE'); // KFWD reads the records, then KXBLD
    expect(g.peek('KPN')).toBe(f.length);
    expect(built()).toBe(true);
    const extra = family(rng(4), 6)[0]!;
    g.save(extra, 128, 3); // a change: KINS puts it into the table as it stands (KXMV, KXNEW)
    expect(built()).toBe(true);
    expect(g.look(extra).score).toBe(128);
    g.call('KDROP'); // the pool closes up
    expect(built()).toBe(false);
    g.call('KPRE');
    expect(built()).toBe(true);
    const inCore = new Set([...g.entries(), ...g.pool()].map((e) => JSON.stringify({ w1: e.w1, w2: e.w2, w3: e.w3, key: e.key })));
    expect(inCore.size).toBeLessThan(f.length + 1); // a record dropped
    for (const p of f) expect(g.look(p).score).toBe(inCore.has(id(p)) ? 64 : undefined);
    expect(g.look(extra).score).toBe(128);
  });
});

describe('what the look-up counts', () => {
  it('KLOOK counts the look-ups that miss (KNMIS), the hits (KNHIT) and the other positions it is called for (KNNM); KPLAY adds all to KNEV, prints the look-ups, and adds the hits to the refreshes', () => {
    const g = new Rote704();
    const pos = startPosition();
    const leaves = new Map<string, Position>();
    for (const a of legalMoves(pos)) for (const b of legalMoves(a.result)) for (const c of legalMoves(b.result)) leaves.set(JSON.stringify(c.result), c.result);
    [...leaves.values()].slice(0, 20).forEach((p, i) => g.save(p, 64 * (i + 1), 3));
    g.poke('KLKV', g.sym('KLOOK'));
    g.poke('KON', 1);
    g.setPosition(0, pos);
    g.call('SEARCH');
    g.call('KHFLD'); // the hits, counted by saved ply (KHPL), into KNHIT - KPLAY does it first; done again there, it adds nothing
    const [miss, nm, hits] = [g.peek('KNMIS'), g.peek('KNNM'), g.peek('KNHIT')];
    const lk = miss + hits;
    expect(miss).toBeGreaterThan(0);
    expect(hits).toBeGreaterThan(0);
    expect(g.peek('KNEV')).toBe(0); // not counted in the search
    const [tev, ref] = [g.peek('KTEV'), g.peek('KNREF')];
    g.poke('KDIRT', 0);
    g.call('KPLAY');
    expect(g.peek('KTEV') - tev).toBe(lk + nm);
    expect(g.peek('KNREF') - ref).toBeGreaterThanOrEqual(hits); // the hits, and KPLAY's own save if a refresh
    expect(g.peek('KDIRT')).not.toBe(0);
    expect(g.m.printer.lines.join('\n')).toContain(`ROTE LOOK-UPS ${lk} HITS ${hits} `);
    expect([g.peek('KNMIS'), g.peek('KNNM'), g.peek('KNEV'), g.peek('KNHIT')]).toEqual([0, 0, 0, 0]);
  });

  it('a hit halves the age (in the pool also flags it referenced) and keeps the rest; KHFLD makes KNHIT, KTPLG and KMXP of the hits counted by saved ply, one past ply 63 too', () => {
    const g = new Rote704();
    const rand = rng(64);
    const [a, b, c, d] = Array.from({ length: 4 }, () => randomPosition(rand, 8));
    g.save(a, 64, 3);
    g.save(b, 128, 7);
    g.call('KMERGE');
    readAll(g); // a and b in the pool
    g.save(c, -192, 63); // c and d new in the changes (flagged new)
    g.save(d, 256, 90);
    const info = (p: Position): number => g.peek('KT0', -6 * g.find(p) + 5);
    const before = new Map([a, b, c, d].map((p) => [p, info(p)]));
    const AGE = 2 ** 18, REFERENCED = 2 ** 16;
    for (const [p, times] of [[a, 2], [c, 1], [reversed(d), 2]] as const) for (let i = 0; i < times; i++) expect(g.look(p).score).toBeDefined();
    expect(g.look(reversed(b)).score).toBe(128);
    const halved = (p: Position, n: number): number => before.get(p)! % AGE + Math.floor(Math.floor(before.get(p)! / AGE) / 2 ** n) * AGE;
    expect(info(a)).toBe(halved(a, 2) + REFERENCED);
    expect(info(b)).toBe(halved(b, 1) + REFERENCED);
    expect(info(c)).toBe(halved(c, 1));
    expect(info(d)).toBe(halved(d, 2));
    expect([a, b, c, d].map((p) => g.entry(g.find(p)).score)).toEqual([64, 128, -192, 256]);
    expect([g.peek('KNHIT'), g.peek('KMXP'), g.peek('KTPLG')]).toEqual([2, 90, 180]); // d's plies are past KHPL: counted at once
    g.call('KHFLD');
    expect([g.peek('KNHIT'), g.peek('KMXP'), g.peek('KTPLG')]).toEqual([6, 90, 2 * 3 + 7 + 63 + 2 * 90]);
    g.call('KHFLD'); // KHPL emptied: nothing more
    expect([g.peek('KNHIT'), g.peek('KMXP'), g.peek('KTPLG')]).toEqual([6, 90, 256]);
  });
});
