// Rote learning (asm/checkers/rote.sap) one routine at a time through the emulator: the standard
// form and catalogue key against roteharness.ts's independent statement of Samuel's rules, saving
// and the binary search, the horizon look-up in SEARCH with the effective ply, ageing, forgetting
// and culling at a merge, and the memory tape written and read back.

import { describe, expect, it } from 'vitest';
import { decodeMemoryTape, type MemoryRecord } from '../../src/checkers/rote/memoryTape.ts';
import { recordToWords, type TapeEntry, type TapeRecord } from '../../src/devices/tapeImage.ts';
import { BLACK_KING, WHITE_KING, emptyPosition, legalMoves, randomPosition, rng, startPosition, type Position } from './reference.ts';
import { boardPosition, distinctPositions, ForwardReader, MOMENT_BUCKETS, positionsByKey, Rote704, reversed, signed, standardForm, withPieces } from './roteharness.ts';
import { squareBit } from './harness.ts';

const allKings = (rand: () => number): Position => {
  const pos = emptyPosition(rand() < 0.5);
  const squares = [...Array(32).keys()].map((i) => i + 1).sort(() => rand() - 0.5);
  const nb = 1 + Math.floor(rand() * 3);
  const nw = 1 + Math.floor(rand() * 3);
  squares.slice(0, nb).forEach((s) => { pos.squares[s] = BLACK_KING; });
  squares.slice(nb, nb + nw).forEach((s) => { pos.squares[s] = WHITE_KING; });
  return pos;
};

describe('standard form and catalogue key (KSTD)', () => {
  const g = new Rote704();
  const std = (pos: Position) => {
    g.setPosition(0, pos);
    g.call('KSTD', { xr1: 0 });
    return { w1: g.peek('KPW1'), w2: g.peek('KPW2'), w3: g.peek('KPW3'), key: g.peek('KPK') };
  };

  it('matches the reference on 300 random positions and 200 all-king ones, and is the same with colours reversed', () => {
    const rand = rng(704);
    let reflected = 0; // all-king positions whose standard form is a reflection
    for (let i = 0; i < 500; i++) {
      const pos = i < 300 ? randomPosition(rand) : allKings(rand);
      const want = standardForm(pos);
      const got = std(pos);
      expect(got, `position ${i}`).toEqual(want);
      expect(std(reversed(pos))).toEqual(want);
      if (i >= 300 && pos.blackToMove) {
        const black = pos.squares.reduce<number>((w, p, s) => (p === BLACK_KING ? w + squareBit(s) : w), 0);
        if (want.w1 !== black) reflected++;
      }
    }
    expect(reflected).toBeGreaterThan(30);
  });

  it('a position and its colour reversal have one standard form; without kings the third word is 0', () => {
    const rand = rng(5);
    const pos = randomPosition(rand);
    const r = reversed(pos);
    expect(r.blackToMove).toBe(!pos.blackToMove);
    const a = std(pos);
    const b = std(r);
    expect(a).toEqual(b);
    // no kings: the third word is 0 (two words on tape)
    const noKings = standardForm({ ...pos, squares: pos.squares.map((p) => (p === BLACK_KING ? 1 : p === WHITE_KING ? 3 : p)) as Position['squares'] });
    expect(noKings.w3).toBe(0);
  });
});

describe('saving and the binary search (KSAVE, KFIND)', () => {
  it('keeps the memory sorted by key and words, finds every saved board (either colour to move) and no other', () => {
    const g = new Rote704();
    const rand = rng(77);
    const saved: Position[] = [];
    const seen = new Set<string>();
    while (saved.length < 150) {
      const p = randomPosition(rand, 6);
      const k = JSON.stringify(standardForm(p));
      if (seen.has(k)) continue;
      seen.add(k);
      saved.push(p);
      g.save(p, saved.length * 64, 3);
    }
    expect(g.peek('KN')).toBe(150);
    expect(g.peek('KNADD')).toBe(150);
    const e = g.entries();
    for (let i = 1; i < e.length; i++) {
      const a = e[i - 1]!; const b = e[i]!;
      const less = a.key < b.key || (a.key === b.key && (a.w1 < b.w1 || (a.w1 === b.w1 && (a.w2 < b.w2 || (a.w2 === b.w2 && a.w3 < b.w3)))));
      expect(less, `entries ${i - 1} and ${i}`).toBe(true);
    }
    saved.forEach((p, i) => {
      const at = g.find(i % 2 ? reversed(p) : p);
      expect(at).toBeGreaterThanOrEqual(0);
      const en = g.entry(at);
      expect(en.score).toBe((i + 1) * 64);
      expect(en.age).toBe(g.peek('KAGE0'));
      expect(en.ply).toBe(3);
      expect({ w1: en.w1, w2: en.w2, w3: en.w3, key: en.key }).toEqual(standardForm(p));
    });
    let misses = 0;
    for (let i = 0; i < 100; i++) {
      const p = randomPosition(rand, 6);
      if (seen.has(JSON.stringify(standardForm(p)))) continue;
      expect(g.find(p)).toBe(-1);
      misses++;
    }
    expect(misses).toBeGreaterThan(90);
    // saving a board again: new score and ply, age halved (refreshed), nothing added
    g.save(reversed(saved[10]!), -640, 9);
    expect(g.peek('KN')).toBe(150);
    expect(g.peek('KNREF')).toBe(1);
    const en = g.entry(g.find(saved[10]!));
    expect(en).toMatchObject({ score: -640, ply: 9, age: g.peek('KAGE0') / 2 });
  });
});

describe('the look-up (KLOOK): the board table leads to the saved board in either area', () => {
  // Few pieces make records of several boards (many boards alike); the area sizes run from one
  // entry to 130, either area empty, and both colours to move.
  const sizes: [number, number][] = [[0, 1], [1, 0], [2, 3], [3, 2], [4, 7], [17, 0], [0, 33], [40, 90]];
  for (const [changes, pool] of sizes) {
    it(`finds exactly the saved boards, ${changes} in the changes and ${pool} in the pool, each looked up in its standard form`, () => {
      const g = new Rote704();
      const rand = rng(1000 + 7 * changes + pool);
      const saved = new Map<string, { pos: Position; score: number }>();
      const fresh = (): Position => {
        for (;;) {
          const pos = rand() < 0.15 ? allKings(rand) : randomPosition(rand, 1 + Math.floor(rand() * 3), 0.2);
          const k = JSON.stringify(standardForm(pos));
          if (!saved.has(k)) return pos;
        }
      };
      const save = (): void => {
        const pos = fresh();
        const score = (saved.size + 1) * (rand() < 0.5 ? 64 : -64);
        saved.set(JSON.stringify(standardForm(pos)), { pos, score });
        g.save(pos, score, 3);
      };
      for (let i = 0; i < pool; i++) save();
      g.call('KMERGE');
      g.poke('KRPM', 10000);
      g.poke('KPDEP', 24);
      g.setPosition(0, startPosition());
      g.call('KFWD');
      for (let i = 0; i < changes; i++) save();
      expect([g.peek('KN'), g.peek('KPN')]).toEqual([changes, pool]);
      const keys = new Set([...g.entries(), ...g.pool()].map((e) => e.key));
      const words = (pos: Position) => { const { w1, w2, w3 } = standardForm(pos); return { w1, w2, w3 }; };
      let sameKey = 0; // misses of a key with boards in core: boards alike
      for (const { pos, score } of saved.values()) {
        const twin = rand() < 0.5 ? reversed(pos) : pos;
        expect(g.look(twin)).toEqual({ score, board: words(pos) });
      }
      for (let i = 0; i < 300; i++) {
        const pos = fresh();
        if (keys.has(standardForm(pos).key)) sameKey++;
        expect(g.look(pos)).toEqual({ score: undefined, board: words(pos) });
      }
      if (changes + pool >= 40) expect(sameKey).toBeGreaterThan(10);
      g.call('KHFLD'); // KLOOK counts hits by their saved ply (KHPL); KHFLD makes KNHIT of them, as KPLAY does
      expect(g.peek('KNHIT')).toBe(saved.size);
      // after a merge (the changes to tape, the pool read again from the new tape: the records of
      // its window) exactly the boards in core are found; in a new game (the pool empty, the tape
      // read forward again) all of them
      g.call('KMERGE');
      expect(g.peek('KN')).toBe(0);
      const inCore = (): Set<string> => new Set(g.pool().map((e) => JSON.stringify({ w1: e.w1, w2: e.w2, w3: e.w3, key: e.key })));
      const core = inCore();
      for (const { pos, score } of saved.values()) {
        expect(g.look(pos).score).toBe(core.has(JSON.stringify(standardForm(pos))) ? score : undefined);
      }
      g.call('KRST');
      g.setPosition(0, startPosition());
      g.call('KFWD');
      expect(g.peek('KPN')).toBe(saved.size);
      for (const { pos, score } of saved.values()) expect(g.look(reversed(pos)).score).toBe(score);
    });
  }
});

describe('the look-up at the horizon (KLOOK in SEARCH) and the effective ply', () => {
  // Black king on 1, White king on 32, Black to move: every line stops at ply 3 (no jump, no
  // exchange offer possible), so every ply-3 position is looked up.
  const root = (): Position => {
    const p = emptyPosition(true);
    p.squares[1] = BLACK_KING;
    p.squares[32] = WHITE_KING;
    return p;
  };
  const ply3 = (): Position[] => {
    const out = new Map<string, Position>();
    for (const a of legalMoves(root())) for (const b of legalMoves(a.result)) for (const c of legalMoves(b.result)) out.set(JSON.stringify(c.result), c.result);
    return [...out.values()];
  };

  it('a saved score found at ply 3 is used, shrunk by 3 plies, and the root is saved with ply 3 + its ply', () => {
    const g = new Rote704();
    g.poke('VFEW', 0); // a few pieces: search.sap's few-pieces shift off, the look-ups are at ply 3
    g.setPosition(0, root());
    g.call('SEARCH');
    const plain = signed(g.peek('SBSC'));
    expect(g.peek('KNMIS') + g.peek('KNHIT')).toBe(0); // rote off: no look-up at all
    const leaves = ply3();
    expect(leaves.length).toBeGreaterThan(5);
    for (const p of leaves) g.save(p, 100 * 64, 5); // good for White, the side to move at ply 3
    g.poke('KLKV', g.sym('KLOOK'));
    g.poke('KON', 1);
    g.setPosition(0, root());
    g.call('SEARCH');
    const score = signed(g.peek('SBSC'));
    expect(score).toBe(-(6400 - 3));
    expect(score).not.toBe(plain);
    g.call('KHFLD'); // the hits counted by saved ply (KHPL) into KNHIT, KMXP and KTPLG, as KPLAY does first
    expect(g.peek('KNHIT')).toBeGreaterThan(0);
    expect(g.peek('KNMIS')).toBe(0); // every look-up a hit
    expect(g.peek('KMXP')).toBe(5); // the deepest saved ply of a hit; KPLAY adds the minimum ply (3)
    expect(g.peek('KTPLG')).toBe(5 * g.peek('KNHIT')); // plies gained: each hit's saved ply
    const hits = g.peek('KNHIT');
    g.call('KPLAY');
    const at = g.find(root());
    expect(g.entry(at)).toMatchObject({ score: -6397, ply: 8, age: g.peek('KAGE0') });
    expect(g.m.printer.lines.join('\n')).toContain(`ROTE LOOK-UPS ${hits} HITS ${hits} SAVED PLY 8`);
  });

  it('direction sense through saved scores: the shortest win and the longest loss (negamax over the 3-ply tree)', () => {
    const VWIN = 2 ** 30;
    for (const sign of [-1, 1]) {
      const g = new Rote704();
      g.poke('VFEW', 0); // the few-pieces shift off: the tree is 3 plies
      // Black's king on 2 or 10 at ply 3 (reachable only after 1-6): the quicker win (d 2 against
      // 20) or the slower loss (d 30 against 5), so 1-6 is chosen only through the ply
      const blackSquare = (p: Position): number => {
        const s = p.squares.findIndex((x) => x === BLACK_KING);
        return s === 2 || s === 10 ? (sign < 0 ? 2 : 30) : sign < 0 ? 20 : 5;
      };
      // every ply-3 position saved as a sure result for White (to move there), seen d plies on,
      // d from the squares (below): -1 a loss for White (Black wins), +1 a win for White
      const stored = (p: Position): number => sign * (VWIN - blackSquare(p));
      for (const p of ply3()) g.save(p, stored(p), blackSquare(p));
      const shrink = (v: number, k: number): number => (v > 0 ? v - k : v + k);
      const nega = (p: Position, ply: number): number =>
        ply === 3 ? shrink(stored(p), 3) : Math.max(...legalMoves(p).map((m) => -nega(m.result, ply + 1)));
      const moves = legalMoves(root());
      const want = moves.map((m) => -nega(m.result, 1));
      g.poke('KLKV', g.sym('KLOOK'));
      g.setPosition(0, root());
      g.poke('VEXACT', 1);
      g.call('SEARCH');
      expect(signed(g.peek('SBSC'))).toBe(Math.max(...want));
      expect(new Set(want).size).toBeGreaterThan(1); // the choice depends on the ply alone
      expect(g.peek('SBEST')).toBe(want.indexOf(Math.max(...want)));
      expect(Math.abs(Math.max(...want))).toBeGreaterThan(VWIN - 64);
    }
  });
});

describe('the merge (KMERGE): ageing, forgetting, culling, the memory tape', () => {
  const onTape = (g: Rote704): { key: number; w1: number; w2: number; w3: number; score: number; age: number; ply: number }[] =>
    g.memoryTape().records.flatMap((r) => r.boards.map((b) => ({ key: r.key, w1: b.w1, w2: b.w2, w3: b.w3, score: b.score, age: b.age, ply: b.ply })));
  const tapeAge = (g: Rote704, p: Position): number | undefined => {
    const s = standardForm(p);
    return onTape(g).find((b) => b.key === s.key && b.w1 === s.w1 && b.w2 === s.w2 && b.w3 === s.w3)?.age;
  };

  for (const via of ['the changes (its record not in core)', 'the pool']) {
    it(`ages every board by one at a merge, halves the age of a board referenced again through ${via}, forgets at the maximum`, () => {
      const g = new Rote704();
      g.poke('KAGE0', 2);
      g.poke('KAGMX', 4);
      const rand = rng(11);
      const a = randomPosition(rand, 5);
      const b = randomPosition(rand, 5);
      g.save(a, 64, 3);
      g.save(b, 128, 3);
      g.call('KMERGE');
      expect(g.peek('KN')).toBe(0); // the changes went to tape
      expect(onTape(g).map((e) => e.age)).toEqual([3, 3]);
      if (via === 'the pool') {
        g.poke('KRPM', 10);
        g.poke('KPDEP', 24);
        g.setPosition(0, startPosition()); // 24 pieces: every record is read
        g.call('KFWD');
        expect(g.pool().length).toBe(2);
      }
      g.save(reversed(a), 192, 4); // refreshed: 3 -> 1
      g.call('KMERGE');
      expect(g.peek('KNTAP')).toBe(1); // b reached 4: forgotten
      expect(g.peek('KNFOR')).toBe(1);
      expect(g.peek('KNREF')).toBe(1);
      expect(onTape(g)[0]).toMatchObject({ age: 2, score: 192, ply: 4 });
      expect(tapeAge(g, b)).toBeUndefined();
      g.call('KMERGE');
      g.call('KMERGE');
      expect(g.peek('KNTAP')).toBe(0);
      expect(g.peek('KNFOR')).toBe(2);
    });
  }

  it("packs score, age and ply in one word on tape (Samuel's 3.8 words a board) and spreads them back out in core", () => {
    const g = new Rote704();
    const rand = rng(17);
    const VWIN = 2 ** 30;
    // scores across the packed word's range: 0, small, the largest kept exactly, one clamped, sure wins and losses
    const cases = [
      { score: 0, ply: 1, want: 0 }, { score: -64, ply: 5, want: -64 }, { score: 538428, ply: 127, want: 538428 },
      { score: -(2 ** 20 - 65), ply: 9, want: -(2 ** 20 - 65) }, { score: 2 ** 21, ply: 200, want: 2 ** 20 - 65 },
      { score: VWIN - 3, ply: 3, want: VWIN - 3 }, { score: -(VWIN - 63), ply: 4, want: -(VWIN - 63) },
    ];
    const boards = cases.map((c, i) => ({ ...c, pos: randomPosition(rand, 4 + i, i % 2 ? 0.5 : 0) }));
    g.poke('KAGMX', 16384);
    boards.forEach((b, i) => {
      g.poke('KAGE0', [0, 255, 256, 2047, 9000, 12345, 16382][i]!);
      g.save(b.pos, b.score, b.ply);
    });
    g.call('KMERGE');
    const t = g.memoryTape();
    expect(t.complete).toBe(true);
    for (const [i, b] of boards.entries()) {
      const s = standardForm(b.pos);
      const r = t.records.find((x) => x.key === s.key)!;
      expect(r.boards.find((x) => x.w1 === s.w1 && x.w2 === s.w2 && x.w3 === s.w3), `board ${i}`).toEqual({ ...s, key: undefined, score: b.want, ply: Math.min(b.ply, 127), age: [0, 255, 256, 2047, 9000, 12345, 16382][i]! + 1 });
    }
    // the record is the key and n boards of 3 words (4 with kings)
    const words = g.tapes.get(2)!.entries.filter((e) => e.kind !== 'mark').map((e) => recordToWords(e as TapeRecord, 'binary'));
    for (const r of t.records) expect(words.find((w) => w[0] === r.key)!.length).toBe(1 + r.boards.length * (r.fields.kings ? 4 : 3));
    // read back into the pool of a new session: the same boards, clean words, scores, ages and plies
    const h = new Rote704();
    h.mountTape(1, [...g.tapes.get(2)!.entries]);
    h.poke('KRPM', 100);
    h.poke('KPDEP', 24);
    h.setPosition(0, startPosition());
    h.call('KFWD');
    const pool = h.pool().map(({ dropped: _, ...e }) => e);
    expect(pool).toEqual(onTape(h));
    expect(pool.map((e) => e.score).sort((x, y) => x - y)).toEqual(boards.map((b) => b.want).sort((x, y) => x - y));
  });

  it('takes the two moments in buckets of 2^KMQ1 and 2^KMQ2 when an experiment asks (KINIT sets the masks)', () => {
    const g = new Rote704();
    g.poke('KMQ1', 2);
    g.poke('KMQ2', 3);
    g.call('KINIT');
    const rand = rng(23);
    const saved = { ...MOMENT_BUCKETS };
    try {
      MOMENT_BUCKETS.row = 2;
      MOMENT_BUCKETS.diagonal = 3;
      const positions = Array.from({ length: 60 }, () => randomPosition(rand));
      for (const [i, pos] of positions.entries()) {
        g.setPosition(0, pos);
        g.call('KSTD', { xr1: 0 });
        expect(g.peek('KPK'), `position ${i}`).toBe(standardForm(pos).key);
        g.save(pos, 64 * i, 3);
      }
      // the look-up finds every board saved under the coarse keys, with either colour to move
      for (const [i, pos] of positions.entries()) expect(g.look(reversed(pos)).score, `position ${i}`).toBe(64 * i);
    } finally {
      Object.assign(MOMENT_BUCKETS, saved);
    }
  });

  it('culls a record over its limit down to the limit, dropping its lowest-ply boards', () => {
    const g = new Rote704();
    const rand = rng(3);
    // many positions with one man a side fall under few keys
    const byKey = positionsByKey(rand, 3000, 1);
    const group = [...byKey.values()].sort((x, y) => y.length - x.length)[0]!.slice(0, 7);
    expect(group.length).toBe(7);
    const plies = [9, 4, 12, 4, 7, 3, 10];
    group.forEach((p, i) => g.save(p, i * 64, plies[i]!));
    const other = randomPosition(rand, 6);
    g.save(other, 0, 1);
    g.poke('KRLIM', 3);
    g.call('KMERGE');
    expect(g.peek('KNCUL')).toBe(4);
    const t = g.memoryTape();
    expect(t.complete).toBe(true);
    const key = standardForm(group[0]!).key;
    expect(t.records.find((r) => r.key === key)!.boards.map((b) => b.ply).sort((x, y) => x - y)).toEqual([9, 10, 12]);
    expect(tapeAge(g, other)).toBeDefined(); // a small record is not touched
    expect(Math.max(...t.records.map((r) => r.boards.length))).toBeLessThanOrEqual(3);
  });

  it('writes every board, sorted, one record per key (2 words a board without kings, 3 with), and reads it back', () => {
    const g = new Rote704();
    const rand = rng(99);
    for (let i = 0; i < 200; i++) g.save(randomPosition(rand, 8), (i - 100) * 64, 1 + (i % 9));
    const before = g.entries();
    g.call('KMERGE');
    const tape2 = g.tapes.get(2)!;
    const t = decodeMemoryTape(tape2.entries);
    expect(t.complete).toBe(true);
    expect(t.problems).toEqual([]);
    expect(t.trailer).toEqual({ boards: 200, records: t.records.length, merge: 1 });
    const after = before.map((e) => ({ ...e, age: e.age + 1 }));
    expect(onTape(g)).toEqual(after.map(({ dropped: _, ...e }) => e));
    for (const r of t.records) {
      expect(r.wordsPerBoard).toBe(r.fields.kings ? 3 : 2);
      expect(r.boards.every((b) => (b.w3 !== 0) === r.fields.kings)).toBe(true);
    }
    expect(t.records.length).toBeGreaterThan(20);
    expect(t.records[0]!.fields.pieces).toBe(Math.max(...t.records.map((r) => r.fields.pieces)));
    expect(g.m.printer.lines.join('\n')).toMatch(/ROTE MERGE 1 COMPLETE - BOARDS 200 RECORDS \d+ ON TAPE 2/);
    // a new session counts it on tape 1 and reads it into the pool
    const h = new Rote704();
    h.mountTape(1, [...tape2.entries]);
    h.call('KSCAN');
    expect(h.peek('KNTAP')).toBe(200);
    expect(h.peek('KNTRC')).toBe(t.records.length);
    h.poke('KRPM', 1000);
    h.poke('KPDEP', 24);
    h.setPosition(0, startPosition());
    h.call('KFWD');
    expect(h.pool()).toEqual(after);
  });
});

describe('several records in core (KFWD, KPUT, KDROP) and merges that lose nothing', () => {
  /** A memory tape of boards with 2 to 24 pieces, written by the program; its decoded records. */
  const bigTape = (n: number): { entries: TapeEntry[]; records: MemoryRecord[]; saved: Position[] } => {
    const g = new Rote704();
    const rand = rng(21);
    const saved: Position[] = [];
    const seen = new Set<string>();
    while (saved.length < n) {
      const p = randomPosition(rand, 1 + (saved.length % 12), 0.1);
      const k = JSON.stringify(standardForm(p));
      if (seen.has(k)) continue;
      seen.add(k);
      saved.push(p);
      g.save(p, saved.length, 3);
    }
    g.call('KMERGE');
    const entries = [...g.tapes.get(2)!.entries];
    return { entries, records: decodeMemoryTape(entries).records, saved };
  };

  it('reads a few records a move forward, passes over those with more pieces, drops the oldest when the pool is full', () => {
    const { entries, records } = bigTape(300);
    const limits = { cap: 40, perMove: 4, depth: 2 };
    const g = Rote704.reading(entries, limits);
    g.call('KRST');
    const ref = new ForwardReader(records, limits);
    const rand = rng(8);
    for (const n of [20, 18, 18, 17, 15, 15, 14, 12, 12, 12, 11, 10, 9, 9, 8, 6, 6, 5]) {
      ref.move(n);
      g.setPosition(0, withPieces(n, rand));
      g.call('KFWD');
      expect([...new Set(g.pool().map((e) => e.key))], `N = ${n}`).toEqual(ref.pool.map((r) => r.key));
      expect(g.pool().length).toBeLessThanOrEqual(limits.cap);
    }
    expect(g.peek('KNSKP')).toBe(ref.passed);
    expect(g.peek('KNDRP')).toBe(ref.dropped);
    expect(ref.dropped).toBeGreaterThan(3);
    expect(ref.passed).toBeGreaterThan(10);
    // a board of a record in the pool is found; one of a dropped record is not
    const inPool = ref.pool[ref.pool.length - 1]!;
    const gone = records.find((r) => r.fields.pieces <= 20 && !ref.pool.includes(r))!;
    expect(g.find(boardPosition(inPool.boards[0]!))).toBeGreaterThanOrEqual(g.peek('KCCAP'));
    expect(g.find(boardPosition(gone.boards[0]!))).toBe(-1);
  });

  it('a board referenced in the pool keeps its refresh when its record is dropped, and at the merge', () => {
    const { entries, records } = bigTape(300);
    const g = new Rote704();
    g.mountTape(1, entries);
    g.poke('KPCAP', 30);
    g.poke('KRPM', 3);
    g.call('KRST');
    const rand = rng(9);
    g.setPosition(0, withPieces(24, rand));
    g.call('KFWD');
    const first = g.pool()[0]!;
    const b = boardPosition(first);
    g.save(b, 640, 7); // a reference: refreshed in place, not yet in the changes
    expect(g.peek('KN')).toBe(0);
    expect(g.entry(g.find(b))).toMatchObject({ score: 640, ply: 7, age: first.age >> 1 });
    // read on until that record is dropped: the board is now in the changes, refreshed
    for (let n = 24; g.pool().some((e) => e.key === first.key); n--) {
      g.setPosition(0, withPieces(Math.max(n, 2), rand));
      g.call('KFWD');
    }
    expect(g.peek('KNDRP')).toBeGreaterThan(0);
    expect(g.entries()).toEqual([{ ...first, score: 640, ply: 7, age: first.age >> 1 }]);
    // one referenced in the pool at a merge reaches the new tape refreshed too
    const second = g.pool().at(-1)!;
    g.save(boardPosition(second), -64, 4);
    g.call('KMERGE');
    const onTape = g.memoryTape().records.flatMap((r) => r.boards.map((x) => ({ ...x, key: r.key })));
    expect(onTape.find((x) => x.key === first.key && x.w1 === first.w1 && x.w2 === first.w2)).toMatchObject({ score: 640, ply: 7, age: (first.age >> 1) + 1 });
    expect(onTape.find((x) => x.key === second.key && x.w1 === second.w1 && x.w2 === second.w2)).toMatchObject({ score: -64, ply: 4, age: (second.age >> 1) + 1 });
    expect(onTape.length).toBe(records.reduce((t, r) => t + r.boards.length, 0)); // lossless
  });

  it("Samuel's merge times (KMEVR 0): a board ages a unit a KMGN program moves, the rest counting on to the next merge", () => {
    const g = new Rote704();
    g.poke('KMEVR', 0);
    const rand = rng(12);
    const a = randomPosition(rand, 6);
    g.save(a, 64, 3);
    g.poke('KMVC', 45);
    g.call('KMERGE');
    expect(g.memoryTape().records[0]!.boards[0]!.age).toBe(g.peek('KAGE0') + 2);
    expect(g.peek('KMVC')).toBe(5);
    g.poke('KMVC', 19);
    g.poke('KDIRT', 1);
    g.call('KMERGE');
    expect(g.memoryTape().records[0]!.boards[0]!.age).toBe(g.peek('KAGE0') + 2);
    expect(g.peek('KMVC')).toBe(19);
  });

  it('a game end keeps the changes while there is room (the pool\'s references carried in), the next game takes a change back into its record read from tape, and a fuller core merges', () => {
    const { entries, records } = bigTape(300);
    const g = new Rote704();
    g.mountTape(1, entries);
    g.poke('KMEVR', 0);
    g.poke('KON', 1);
    g.poke('KPCAP', 30);
    g.poke('KRPM', 3);
    g.call('KRST');
    const rand = rng(9);
    g.setPosition(0, withPieces(24, rand));
    g.call('KFWD');
    const first = g.pool()[0]!;
    const b = boardPosition(first);
    g.save(b, 640, 7); // refreshed in the pool
    // a board of a record not read yet, saved as new: on tape it is a reference
    const later = records.find((r) => r.fields.pieces < 20)!.boards[0]!;
    const d = boardPosition(later);
    g.save(d, -128, 5);
    expect(g.peek('KN')).toBe(1);
    g.call('KGEND');
    expect(g.peek('KNMRG')).toBe(0); // no merge: room for another game
    expect(g.peek('KPN')).toBe(0);
    expect(g.entries().map((e) => e.score).sort()).toEqual([-128, 640]);
    expect(g.look(d).score).toBe(-128); // the board table holds the changes again
    // the next game reads b's record: b goes back into it, out of the changes
    g.setPosition(0, withPieces(24, rand));
    g.call('KFWD');
    expect(g.peek('KN')).toBe(1);
    expect(g.entry(g.find(b))).toMatchObject({ score: 640, ply: 7, age: first.age >> 1 });
    expect(g.find(b)).toBeGreaterThanOrEqual(g.peek('KCCAP'));
    // read on to d's record: d too, as a reference - the tape's age halved, not a new board
    const added = g.peek('KNADD');
    for (let n = 24; g.peek('KN') > 0 && n > 1; n--) {
      g.setPosition(0, withPieces(n, rand));
      g.call('KFWD');
    }
    expect(g.peek('KN')).toBe(0);
    expect(g.peek('KNADD')).toBe(added - 1);
    expect(g.entry(g.find(d))).toMatchObject({ score: -128, ply: 5, age: later.age >> 1 });
    // when fewer than KGRM places would be left, the game end merges: both on the new tape
    g.poke('KGRM', 1000);
    const read = g.peek('KNRD');
    g.call('KGEND');
    expect(g.peek('KNMRG')).toBe(1);
    // the next game reads the new tape from its start: no record read back into the pool after this merge (KSEEK)
    expect(g.peek('KNRD')).toBe(read);
    expect(g.peek('KPN')).toBe(0);
    const onTape = g.memoryTape().records.flatMap((r) => r.boards.map((x) => ({ ...x, key: r.key })));
    expect(onTape.find((x) => x.key === first.key && x.w1 === first.w1 && x.w2 === first.w2)).toMatchObject({ score: 640, ply: 7 });
    expect(onTape.find((x) => x.w1 === later.w1 && x.w2 === later.w2 && x.w3 === later.w3)).toMatchObject({ score: -128, ply: 5 });
    expect(onTape.length).toBe(records.reduce((t, r) => t + r.boards.length, 0));
  });

  it('keeps every board when the memory is far bigger than core: merges alternate tapes 2 and 5 and lose nothing', () => {
    const g = new Rote704();
    // a small core: 20 changes, a pool of 40 boards (room for the merge's record: 20 + 10)
    g.poke('KCCAP', 20);
    g.poke('KPCAP', 40);
    g.poke('KRLIM', 10);
    const rand = rng(5);
    const saved: Position[] = [];
    const seen = new Set<string>();
    const units: number[] = [];
    while (saved.length < 240) {
      const p = randomPosition(rand, 8, 0.2);
      const k = JSON.stringify(standardForm(p));
      if (seen.has(k)) continue;
      seen.add(k);
      saved.push(p);
      g.save(p, saved.length * 64, 5);
      if (g.peek('KN') === 20) {
        // read forward a little, as before a search, so the pool holds records too
        g.setPosition(0, withPieces(16, rand));
        g.call('KFWD');
        g.call('KMERGE');
        units.push(g.peek('KRU'));
      }
    }
    expect(units.slice(0, 4)).toEqual([2, 5, 2, 5]);
    const t = g.memoryTape();
    expect(t.complete).toBe(true);
    expect(t.problems).toEqual([]);
    // no record over 10 (none culled here: the keys are many), every board saved is on tape
    expect(g.peek('KNCUL')).toBe(0);
    expect(t.trailer!.boards).toBe(240);
    const onTape = new Set(t.records.flatMap((r) => r.boards.map((b) => JSON.stringify({ w1: b.w1, w2: b.w2, w3: b.w3, key: r.key }))));
    for (const p of saved) expect(onTape.has(JSON.stringify(standardForm(p)))).toBe(true);
    expect(g.m.printer.lines.filter((l) => / ON TAPE 5$/.test(l)).length).toBeGreaterThan(3);
  });
});

describe('two memories joined (*ROTE JOIN: KMERGE with tape 6 in place of the changes)', () => {
  /** A memory tape of `boards` (position, score, ply), written by a 704 of its own. */
  const memoryOf = (boards: readonly { p: Position; score: number; ply: number }[], age0: number): TapeEntry[] => {
    const g = new Rote704();
    g.poke('KAGE0', age0);
    for (const b of boards) g.save(b.p, b.score, b.ply);
    g.call('KMERGE');
    return [...g.tapes.get(2)!.entries];
  };

  it('merges a second reel record by record through a core of 20 changes: every board of both once, the second reel winning a board on both, nothing aged', () => {
    const all = distinctPositions(rng(41), 300, 8, 0.2);
    // reel A: boards 0-199; reel B: boards 150-299 (50 on both, with other scores and plies)
    const a = memoryOf(all.slice(0, 200).map((p, i) => ({ p, score: 64 * i, ply: 4 })), 100);
    const b = memoryOf(all.slice(150).map((p, i) => ({ p, score: -64 * i, ply: 7 })), 3000);
    const g = new Rote704();
    g.poke('KCCAP', 20);
    g.poke('KPCAP', 40);
    g.mountTape(1, a);
    g.mountTape(6, b);
    g.poke('KJOIN', 1);
    g.poke('KJEOF', 0);
    g.call('KMERGE');
    g.poke('KJOIN', 0);
    const t = g.memoryTape();
    expect(t.complete).toBe(true);
    expect(t.problems).toEqual([]);
    expect(t.trailer!.boards).toBe(300);
    const found = new Map(t.records.flatMap((r) => r.boards.map((x) => [JSON.stringify({ w1: x.w1, w2: x.w2, w3: x.w3, key: r.key }), x] as const)));
    all.forEach((p, i) => {
      const x = found.get(JSON.stringify(standardForm(p)));
      expect(x, `board ${i}`).toBeDefined();
      // A's boards keep A's age (101: one merge when written) and score; B's (and those on both) B's
      expect(x).toMatchObject(i >= 150 ? { score: 0 - 64 * (i - 150), ply: 7, age: 3001 } : { score: 64 * i, ply: 4, age: 101 });
    });
  });
});

describe('the break points shift when rote learning saves time (KPLAY, KPRE)', () => {
  it('raises VP4 and VP5 by KBPS for the next search when the hits saved more than KBPT evaluations, and prints the time saved', () => {
    const g = new Rote704();
    const [vp4, vp5] = [g.peek('VP4'), g.peek('VP5')];
    g.poke('KON', 1);
    g.poke('KBPT', 500);
    g.poke('KBB4', vp4);
    g.poke('KBB5', vp5);
    const move = (hits: number, scored: number): void => {
      g.setPosition(0, startPosition());
      g.poke('KNHIT', hits);
      g.poke('KNEV', scored - hits); // KPLAY adds the search's look-ups (here its hits) to the positions scored
      g.call('KPLAY');
      g.call('KPRE');
    };
    move(3, 1000); // 3 hits, each standing for a mean search of 1000 positions: 3000 > 500
    expect([g.peek('VP4'), g.peek('VP5')]).toEqual([vp4 + 1, vp5 + 1]);
    // 3000 evaluations at KEVC cycles of 12 microseconds
    const ms = Math.floor((3000 * g.peek('KEVC') * 12) / 1000);
    expect(g.m.printer.lines.at(-1)).toMatch(new RegExp(` HITS 3 SAVED PLY \\d+ TIME SAVED ${ms} MS$`));
    move(0, 1000);
    expect([g.peek('VP4'), g.peek('VP5')]).toEqual([vp4, vp5]);
    move(1, 400); // the mean is now 800: 800 > 500
    expect(g.peek('VP4')).toBe(vp4 + 1);
    g.call('KBPR'); // *ROTE OFF puts them back
    expect([g.peek('VP4'), g.peek('VP5')]).toEqual([vp4, vp5]);
    g.poke('KBPON', 0); // switched off: never touched
    move(5, 5000);
    expect([g.peek('VP4'), g.peek('VP5')]).toEqual([vp4, vp5]);
  });
});
