// Rote learning and give-away checkers (docs/checkers-rote.md, "Two games on one tape"): the game
// is the catalogue key's top field (2^29), so a board learnt in one game is never found in the
// other, both share one memory tape (all give-away records after all ordinary ones), merges keep
// it sorted and lose nothing, and the records of the other game neither block nor enter the pool.
// Routines one at a time, then whole sessions of the booted deck.

import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachMemoryTapes, decodeMemoryTape, readMemoryTape, type MemoryRecord, type MemoryTape } from '../../src/checkers/rote/memoryTape.ts';
import type { TapeEntry } from '../../src/devices/tapeImage.ts';
import { checkersAssembly, linesOf } from './deck.ts';
import { parseFen, randomPosition, rng, startPosition, toFen, type Position } from './reference.ts';
import { boardPosition, bootRote, distinctPositions, ForwardReader, GIVEAWAY_KEY, Rote704, reversed, standardForm, withPieces } from './roteharness.ts';

const stdKey = (p: Position, giveaway: boolean): string => JSON.stringify(standardForm(p, giveaway));
const boardsOf = (t: MemoryTape): string[] => t.records.flatMap((r) => r.boards.map((b) => JSON.stringify({ w1: b.w1, w2: b.w2, w3: b.w3, key: r.key })));

/** The tape is sorted, complete, and every give-away record comes after every ordinary one. */
function expectSortedByGame(t: MemoryTape): void {
  expect(t.complete).toBe(true);
  expect(t.problems).toEqual([]);
  const games = t.records.map((r) => r.fields.giveaway);
  expect(games).toEqual([...games].sort((a, b) => Number(a) - Number(b)));
  for (const r of t.records) expect(r.fields.giveaway).toBe(r.key >= GIVEAWAY_KEY);
}

describe('the game in the catalogue key (KSTD, KKEY, KLOOK, KGSET)', () => {
  it('a give-away board has the ordinary key plus 2^29, the same words; back in checkers the key is as before', () => {
    const g = new Rote704();
    const rand = rng(29);
    const ps = Array.from({ length: 200 }, (_, i) => randomPosition(rand, 12, i % 5 === 0 ? 1 : 0.3));
    for (const giveaway of [false, true, false]) {
      g.game(giveaway);
      expect(g.peek('KGAME')).toBe(giveaway ? GIVEAWAY_KEY : 0);
      for (const p of ps) {
        g.setPosition(0, p);
        g.call('KSTD', { xr1: 0 });
        const want = standardForm(p, giveaway);
        expect({ w1: g.peek('KPW1'), w2: g.peek('KPW2'), w3: g.peek('KPW3'), key: g.peek('KPK') }).toEqual(want);
        // KLOOK looks up the same words in either game (the game is told apart by the board table)
        expect(g.look(p)).toEqual({ score: undefined, board: { w1: want.w1, w2: want.w2, w3: want.w3 } });
      }
    }
  });

  it('a board saved in one game is not found in the other, and the two are kept apart in core, on tape and when read again', () => {
    const g = new Rote704();
    const ps = distinctPositions(rng(31), 60, 6);
    const give = ps.slice(0, 30);
    const ord = ps.slice(30);
    const score = new Map<string, number>(); // standard form and game -> saved score
    const save = (p: Position, giveaway: boolean, s: number): void => {
      g.game(giveaway);
      g.save(p, s, 3);
      score.set(stdKey(p, giveaway), s);
    };
    give.forEach((p, i) => save(p, true, 64 * (i + 1)));
    ord.forEach((p, i) => save(p, false, -64 * (i + 1)));
    give.slice(0, 10).forEach((p) => save(reversed(p), false, 7 * 64)); // the same boards, learnt again in checkers
    expect(g.peek('KN')).toBe(70);
    expect(g.peek('KNADD')).toBe(70);
    const check = (where: string, games = [false, true]): void => {
      for (const giveaway of games) {
        g.game(giveaway);
        for (const p of ps) {
          const twin = p.blackToMove ? reversed(p) : p;
          expect(g.look(twin).score, `${where}, ${giveaway ? 'give-away' : 'checkers'}: ${toFen(p)}`).toBe(score.get(stdKey(p, giveaway)));
        }
      }
    };
    check('the changes');
    g.call('KMERGE');
    const t = g.memoryTape();
    expectSortedByGame(t);
    expect(t.trailer!.boards).toBe(70);
    expect(new Set(boardsOf(t))).toEqual(new Set([...score.keys()]));
    // a new game of each kind reads the tape again: only its own records come into the pool, and
    // its boards are found there, the other game's not
    g.poke('KRPM', 1000);
    g.poke('KPDEP', 1000); // every record of this game read at once, however deep - the other game's must still stay out
    for (const giveaway of [true, false]) {
      g.game(giveaway);
      g.call('KRST');
      g.setPosition(0, startPosition());
      const passed = g.peek('KNSKP');
      g.call('KFWD');
      expect(g.pool().every((e) => (e.key >= GIVEAWAY_KEY) === giveaway)).toBe(true);
      expect(g.pool().length).toBe(giveaway ? 30 : 40);
      // give-away: every ordinary record passed over; checkers: the first give-away record waits in the buffer
      expect(g.peek('KNSKP') - passed).toBe(giveaway ? t.records.filter((r) => !r.fields.giveaway).length : 0);
      expect(g.peek('KPEND')).toBe(giveaway ? 0 : 1);
      check(giveaway ? 'the give-away pool' : 'the ordinary pool', [giveaway]);
      g.game(!giveaway);
      for (const p of ps) expect(g.look(p).score).toBeUndefined();
    }
  });
});

describe('a memory tape of both games (KFWD, KSEEK, KMERGE)', () => {
  /** A tape written by the program: n boards of each game, 2 to 24 pieces. */
  const mixedTape = (n: number): { entries: TapeEntry[]; records: MemoryRecord[] } => {
    const g = new Rote704();
    const rand = rng(21);
    for (const giveaway of [true, false]) {
      g.game(giveaway);
      distinctPositions(rand, n, 12, 0.1).forEach((p, i) => g.save(p, i + 1, 3));
    }
    g.call('KMERGE');
    const entries = [...g.tapes.get(2)!.entries];
    return { entries, records: decodeMemoryTape(entries).records };
  };

  for (const giveaway of [false, true]) {
    it(`reads forward in ${giveaway ? 'a give-away game: the ordinary records passed over at the first move' : 'checkers: the give-away records wait at the end'}, the rest as before`, () => {
      const { entries, records } = mixedTape(200);
      expect(new Set(records.map((r) => r.fields.giveaway))).toEqual(new Set([false, true]));
      const limits = { cap: 40, perMove: 4, depth: 2 };
      const g = Rote704.reading(entries, limits);
      g.game(giveaway);
      g.call('KRST');
      const ref = new ForwardReader(records, { ...limits, giveaway });
      const rand = rng(8);
      for (const n of [24, 20, 18, 17, 15, 14, 12, 12, 11, 10, 9, 8, 6, 5]) {
        ref.move(n);
        g.setPosition(0, withPieces(n, rand));
        g.call('KFWD');
        expect([...new Set(g.pool().map((e) => e.key))], `N = ${n}`).toEqual(ref.pool.map((r) => r.key));
      }
      expect(g.peek('KNSKP')).toBe(ref.passed);
      expect(g.peek('KNDRP')).toBe(ref.dropped);
      expect(ref.pool.length).toBeGreaterThan(3);
      const ordinary = records.filter((r) => !r.fields.giveaway).length;
      if (giveaway) expect(ref.passed).toBeGreaterThan(ordinary);
      // the pool's boards are found, with their scores; in the other game they are not
      const inPool = ref.pool.flatMap((r) => r.boards);
      for (const b of inPool) expect(g.look(boardPosition(b)).score).toBe(b.score);
      g.game(!giveaway);
      for (const b of inPool) expect(g.look(boardPosition(b)).score).toBeUndefined();
      // a merge in this game rebuilds the pool from the new tape (its window, KLOW to KLAST): up to
      // the same last record, none of the other game
      g.game(giveaway);
      g.call('KMERGE');
      expectSortedByGame(g.memoryTape());
      expect(g.pool().at(-1)!.key).toBe(ref.pool.at(-1)!.key);
      expect(g.pool().every((e) => (e.key >= GIVEAWAY_KEY) === giveaway)).toBe(true);
    });
  }

  it('after a merge that forgot every record of the pool, the next merge rebuilds no pool of the other game (KSEEK)', () => {
    const g = new Rote704();
    g.poke('KAGE0', 2);
    g.poke('KAGMX', 4);
    const ps = distinctPositions(rng(12), 20, 6);
    ps.forEach((p, i) => { g.game(i % 2 === 0); g.save(p, 64, 3); });
    g.game(true);
    g.call('KMERGE'); // the give-away boards aged 3, the ordinary ones kept at 2
    g.call('KRST');
    g.poke('KRPM', 1000);
    g.poke('KPDEP', 24);
    g.setPosition(0, startPosition());
    g.call('KFWD');
    expect(g.pool().length).toBe(10);
    g.call('KMERGE'); // the give-away boards reach 4: forgotten, the pool is empty, KLAST stays
    expect(g.peek('KNFOR')).toBe(10);
    expect(g.peek('KPN')).toBe(0);
    g.call('KMERGE'); // the window is from KLOW = 0 now: the ordinary records below it are passed over
    expect(g.peek('KPN')).toBe(0);
    expect(g.memoryTape().trailer!.boards).toBe(10); // the ordinary ones, not aged in the give-away game
    expect(g.memoryTape().records.flatMap((r) => r.boards.map((b) => b.age))).toEqual(new Array(10).fill(2));
  });

  it('keeps both games through many merges in a small core: sorted, nothing lost, only the game played aged', () => {
    const g = new Rote704();
    g.poke('KCCAP', 20);
    g.poke('KPCAP', 40);
    g.poke('KRLIM', 10);
    const rand = rng(5);
    const ps = distinctPositions(rand, 240, 8);
    const merges: boolean[] = []; // the game of each merge
    const saved: { p: Position; giveaway: boolean; merge: number }[] = [];
    ps.forEach((p, i) => {
      const giveaway = Math.floor(i / 20) % 3 !== 1; // batches of 20: give-away, checkers, give-away, ...
      g.game(giveaway);
      g.save(p, (i + 1) * 64, 5);
      saved.push({ p, giveaway, merge: merges.length });
      if (g.peek('KN') === 20) {
        g.setPosition(0, withPieces(16, rand)); // read forward as before a search
        g.call('KFWD');
        g.call('KMERGE');
        merges.push(giveaway);
      }
    });
    expect(merges.length).toBe(12);
    const t = g.memoryTape();
    expectSortedByGame(t);
    expect(t.trailer!.boards).toBe(240);
    expect(g.peek('KNCUL') + g.peek('KNFOR')).toBe(0);
    const onTape = new Map(t.records.flatMap((r) => r.boards.map((b) => [JSON.stringify({ w1: b.w1, w2: b.w2, w3: b.w3, key: r.key }), b] as const)));
    for (const s of saved) {
      const b = onTape.get(stdKey(s.p, s.giveaway));
      expect(b).toBeDefined();
      // aged once by each merge of its own game from the one that wrote it on
      expect(b!.age).toBe(g.peek('KAGE0') + merges.slice(s.merge).filter((x) => x === s.giveaway).length);
    }
    expect(new Set(saved.map((s) => onTape.get(stdKey(s.p, s.giveaway))!.age)).size).toBeGreaterThan(3);
  });
});

// ------------------------------------------------------------------------------------------------
// Whole sessions: the deck, *GIVEAWAY ON / *ROTE ON, a quick ending played by self-play.

const LIMIT = 400_000_000;
const START = parseFen('B:W18,23,27,K30:B5,10,14,K3');
const setup = `*SETUP ${toFen(START).replaceAll(':', '/')}`;

/** One session on the memory tape at `memory` (the host swap after it); the printer's lines. */
function session(memory: string, giveaway: boolean): string[] {
  const m = bootRote([...(giveaway ? ['*GIVEAWAY ON'] : []), '*ROTE ON', setup, '*SELF', '*END']);
  const tapes = attachMemoryTapes(m.io, memory, `${memory}.new`);
  const stop = m.run(LIMIT);
  if (stop.reason !== 'halt') throw new Error(`the session did not end: ${stop.message}`);
  const lines = linesOf(m);
  tapes.finish(lines.join('\n'));
  return lines;
}
const hits = (lines: string[]): number => lines.reduce((t, l) => t + Number(/^ROTE LOOK-UPS \d+ HITS (\d+)/.exec(l)?.[1] ?? 0), 0);
/** The lines that do not count what is on tape (ROTE ON, ROTE MERGE) or records passed over (ROTE READ). */
const play = (lines: string[]): string[] => lines.filter((l) => !/^ROTE (ON|MERGE|READ) /.test(l));
const boardSet = (path: string): Map<string, string> => {
  const t = readMemoryTape(path);
  return new Map(t.records.flatMap((r) => r.boards.map((b) => [JSON.stringify({ w1: b.w1, w2: b.w2, w3: b.w3, key: r.key }), JSON.stringify(b)] as const)));
};

describe('sessions of both games on one memory tape', () => {
  checkersAssembly();
  const dir = mkdtempSync(join(tmpdir(), 'rote-give-'));
  const tape = (name: string): string => join(dir, `${name}.tap`);

  it('each game learns only from its own boards; the other game\'s records change nothing but the counts', () => {
    // give-away and checkers from an empty memory
    const give = session(tape('give'), true);
    const ord = session(tape('ord'), false);
    expect(give).toContain('GIVE-AWAY CHECKERS ON');
    expect(readMemoryTape(tape('give')).records.every((r) => r.fields.giveaway)).toBe(true);
    expect(readMemoryTape(tape('ord')).records.every((r) => !r.fields.giveaway)).toBe(true);
    // checkers on the give-away tape: the same game, the same look-ups and hits, as from an empty memory
    copyFileSync(tape('give'), tape('mixed'));
    const ordOnGive = session(tape('mixed'), false);
    expect(play(ordOnGive)).toEqual(play(ord));
    // the tape holds both, sorted, nothing lost: the give-away boards as they were (not aged), the ordinary ones as learnt
    const mixed = readMemoryTape(tape('mixed'));
    expectSortedByGame(mixed);
    expect(boardSet(tape('mixed'))).toEqual(new Map([...boardSet(tape('give')), ...boardSet(tape('ord'))]));
    // give-away again, on the give-away tape and on the mixed one: the ordinary records are passed
    // over and change nothing; the give-away boards are read into the pool and found
    copyFileSync(tape('give'), tape('give2'));
    const again = session(tape('give2'), true);
    const againMixed = session(tape('mixed'), true);
    expect(play(againMixed)).toEqual(play(again));
    expect(hits(again)).toBeGreaterThan(hits(give));
    const read = (lines: string[]): number[] => /^ROTE READ (\d+) DROPPED \d+ PASSED (\d+)/.exec(lines.filter((l) => l.startsWith('ROTE READ')).pop()!)!.slice(1).map(Number);
    const ordinaryRecords = mixed.records.filter((r) => !r.fields.giveaway).length;
    expect(read(againMixed)[0]).toBe(read(again)[0]);
    expect(read(againMixed)[1]).toBeGreaterThanOrEqual(read(again)[1]! + ordinaryRecords);
    expect(read(again)[0]).toBeGreaterThan(0);
    // and the ordinary boards on the mixed tape come through that session unchanged
    const ordinaryAfter = [...boardSet(tape('mixed'))].filter(([k]) => JSON.parse(k).key < GIVEAWAY_KEY);
    expect(new Map(ordinaryAfter)).toEqual(boardSet(tape('ord')));
  });
});
