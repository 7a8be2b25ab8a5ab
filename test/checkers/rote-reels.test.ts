// A memory that spans reels (asm/checkers/rote.sap KNEXT, KRST, KFWD, KMERGE's KMRL, KMNT; docs/checkers-rote.md
// "A memory on several reels"): reels of a few feet, so a memory of a few hundred boards needs two
// or five, merged reel by reel through a core far smaller than the memory (the operator changing
// reels at the program's call past the second), and checked against the same merges onto
// full-length reels; then a game's reading forward reaching a later reel.

import { describe, expect, it } from 'vitest';
import { decodeMemorySet, type MemoryTape } from '../../src/checkers/rote/memoryTape.ts';
import { coreRack, operateReels, pairOf, REEL_CHAINS, type Rack, type ReelChange } from '../../src/checkers/rote/reelOperator.ts';
import { reelFrames } from '../../src/devices/tape.ts';
import { rng, type Position } from './reference.ts';
import { distinctPositions, Rote704, standardForm, withPieces } from './roteharness.ts';

/** The unit that follows unit u in the 704's pair of units (rote.sap KRNX-u; 0 none). */
const nextUnit = (g: Rote704, u: number): number => g.m.cpu.mem[g.sym('KRNX') - u]!;

/** A Rote704 whose reels the operator changes at its call from reels in core; the changes made. */
type Reels = Rote704 & { rack: Rack; changes: ReelChange[] };

/** The memory the 704 reads now: the reels of KRU's pair, as far as their trailers say it goes on (the rack holds those not mounted). */
function memorySet(g: Reels): { tape: MemoryTape; reels: number } {
  const pair = pairOf(g.peek('KRU'));
  for (let n = 1; ; n++) {
    const reels = Array.from({ length: n }, (_, i) => { const r = g.rack(pair, i + 1, false); return r && 'entries' in r ? r.entries : []; });
    const tape = decodeMemorySet(reels);
    if (tape.complete || !tape.problems.some((p) => p.includes('MEMCON'))) return { tape, reels: n };
  }
}

/** A new game (KRST), core empty, the counts of reels left and records passed over at 0, four records read a move of the board's pieces only. */
function newGame(g: Rote704): void {
  g.call('KRST');
  for (const w of ['KPN', 'KN', 'KNRSK', 'KNSKP', 'KPDEP']) g.poke(w, 0);
  g.poke('KRPM', 4);
}

const FEET = Number(process.env.REEL_FEET ?? 10); // a 10-foot reel: ~120 records of these boards

/**
 * 240 boards saved through a core of 20 changes and a 40-board pool, a merge whenever the changes
 * fill (reading forward a little before each, as before a search): on reels of `feet` feet, or of
 * 2400 (the 727's) when not given.
 */
function build(positions: readonly Position[], feet?: number): Reels {
  const g = new Rote704() as Reels;
  for (const n of [1, 2, 5, 7, 8, 9]) g.mountTape(n, [], feet === undefined ? undefined : reelFrames(feet));
  g.rack = coreRack(g.tapes);
  g.changes = operateReels(g.m.io, g.tapes, g.rack);
  g.poke('KCCAP', 20);
  g.poke('KPCAP', 40);
  g.poke('KRLIM', 10);
  const rand = rng(9);
  positions.forEach((p, i) => {
    g.save(p, (i + 1) * 64, 1 + (i % 9));
    if (g.peek('KN') === 20) {
      g.setPosition(0, withPieces(16, rand));
      g.call('KFWD');
      g.call('KMERGE');
    }
  });
  if (g.peek('KN') > 0) g.call('KMERGE');
  return g;
}

describe('a memory on several reels (KMERGE reel by reel, KNEXT along the pair, the operator changing reels)', () => {
  const positions = distinctPositions(rng(15), 240, 8, 0.2);
  const short = build(positions, FEET);
  const long = build(positions);
  const tiny = build(positions, 3); // ~35 records a reel: the memory needs 6 or 7, the operator mounts the rest

  it('the host mounts the pairs the 704 follows (KRNX), each reel where the program expects it (KRMT)', () => {
    for (const [head, pair] of Object.entries(REEL_CHAINS)) {
      const units = [Number(head)];
      while (nextUnit(short, units.at(-1)!) !== Number(head)) units.push(nextUnit(short, units.at(-1)!));
      expect(units).toEqual(pair);
      const fresh = new Rote704();
      pair.forEach((u, i) => expect(fresh.m.cpu.mem[fresh.sym('KRMT') - u]).toBe(i + 1));
    }
  });

  it('writes a memory too big for one reel on two, each reel whole, with the same boards, ages and order as on one long reel', () => {
    const multi = memorySet(short);
    const single = memorySet(long);
    expect(single.reels).toBe(1);
    expect(single.tape.complete).toBe(true);
    expect(multi.reels).toBe(2);
    expect(multi.tape.problems).toEqual([]);
    expect(multi.tape.complete).toBe(true);
    expect(multi.tape.reels.every((r) => r.records > 0)).toBe(true);
    expect(multi.tape.trailer).toEqual(single.tape.trailer);
    expect(multi.tape.trailer!.boards).toBe(240);
    // record by record: keys, boards, scores, ages and plies, in the same order
    expect(multi.tape.records).toEqual(single.tape.records);
    const onTape = new Set(multi.tape.records.flatMap((r) => r.boards.map((b) => JSON.stringify({ w1: b.w1, w2: b.w2, w3: b.w3, key: r.key }))));
    for (const p of positions) expect(onTape.has(JSON.stringify(standardForm(p)))).toBe(true);
    // the reels filled in turn on both pairs: earlier merges read a two-reel memory back
    const full = short.m.printer.lines.filter((l) => /^ROTE REEL 1 FULL ON TAPE \d+ - NEXT TAPE \d+$/.test(l));
    expect(new Set(full)).toEqual(new Set(['ROTE REEL 1 FULL ON TAPE 2 - NEXT TAPE 8', 'ROTE REEL 1 FULL ON TAPE 5 - NEXT TAPE 9']));
    expect(long.m.printer.lines.some((l) => l.includes('FULL ON TAPE'))).toBe(false);
    // two reels on a pair's two units: no reel to change
    expect(short.changes).toEqual([]);
    expect(short.peek('KNMNT')).toBe(0);
    // the same merges
    expect(short.peek('KNMRG')).toBe(long.peek('KNMRG'));
  });

  it('writes and reads a memory of many reels, the operator mounting every reel past the second: the same records as on one long reel', () => {
    const multi = memorySet(tiny);
    const single = memorySet(long);
    expect(multi.reels).toBeGreaterThanOrEqual(4);
    expect(multi.tape.problems).toEqual([]);
    expect(multi.tape.complete).toBe(true);
    expect(multi.tape.trailer).toEqual(single.tape.trailer);
    expect(multi.tape.records).toEqual(single.tape.records);
    expect(multi.tape.reels.map((r, i) => r.records > 0 && i)).toEqual(multi.tape.reels.map((_, i) => i));
    // the operator's work, as the program asked for it on the printer and the console (HPR 727/728)
    const asked = tiny.m.printer.lines.filter((l) => l.startsWith('ROTE MOUNT'));
    expect(asked).toEqual(tiny.changes.map((c) => `ROTE MOUNT ${c.scratch ? 'SCRATCH ' : ''}REEL ${c.reel} ON TAPE ${c.unit}`));
    expect(tiny.peek('KNMNT')).toBe(tiny.changes.length);
    // every reel goes on its pair's unit (odd reels on the first), a scratch reel for every reel
    // past the second written, and every reel past the second read back by the merges
    for (const c of tiny.changes) expect(c.unit).toBe(REEL_CHAINS[c.pair][(c.reel - 1) % 2]);
    expect(tiny.changes.some((c) => c.scratch && c.reel === multi.reels)).toBe(true);
    expect(tiny.changes.some((c) => !c.scratch && c.reel === 1)).toBe(true); // reel 1 mounted again to read from the start
    expect(tiny.changes.some((c) => !c.scratch && c.reel >= 3)).toBe(true);
    // the 704 time the reels cost: the same merges on one long reel and on reels of 3 feet
    expect(tiny.peek('KNMRG')).toBe(long.peek('KNMRG'));
    console.log(`${tiny.peek('KNMRG')} merges onto ${multi.reels} reels of 3 feet: ${tiny.changes.length} reel changes (${tiny.changes.filter((c) => c.scratch).length} scratch), 704 time ${(tiny.m.cpu.cycles * 0.012 / 1000).toFixed(1)} s against ${(long.m.cpu.cycles * 0.012 / 1000).toFixed(1)} s on one reel`);
  });

  it('a game reading forward leaves reel 1 at its last key and reads the records it needs from reel 2', () => {
    const { tape } = memorySet(short);
    const onReel1 = tape.reels[0]!.records;
    const reel1Last = tape.records[onReel1 - 1]!;
    // the first record of reel 2 with fewer pieces than every record of reel 1, and a board of it
    const at = tape.records.findIndex((r, i) => i >= onReel1 && r.fields.pieces < reel1Last.fields.pieces);
    const record = tape.records[at]!;
    const target = positions.find((p) => standardForm(p).key === record.key)!;
    const want = record.boards.find((b) => b.w1 === standardForm(target).w1 && b.w2 === standardForm(target).w2)!;
    const game = (skip: boolean) => {
      const g = short;
      newGame(g);
      if (!skip) g.m.cpu.mem[g.sym('KRLR') - 1] = 0; // as if reel 1's last key were not known
      g.setPosition(0, target);
      const cycles = g.call('KFWD').cycles;
      return { cycles, found: g.look(target, 3).score, reelsLeft: g.peek('KNRSK'), passed: g.peek('KNSKP'), reading: g.peek('KRCU') };
    };
    const lastKey = short.m.cpu.mem[short.sym('KRLR') - 1]!;
    expect(lastKey).toBe(reel1Last.key);
    const skipped = game(true);
    expect(skipped.found).toBe(want.score);
    expect(skipped.reelsLeft).toBe(1);
    expect(skipped.reading).toBe(nextUnit(short, short.peek('KRU')));
    expect(skipped.passed).toBe(at - onReel1); // reel 2's records of more pieces, passed over one by one
    // a merge now (KMERGE, then KSEEK rebuilding the pool from the new memory's start): reel 1 of
    // the new memory is left at its last key too, and the pool holds the same records again
    const poolKeys = (): number[] => short.pool().map((e) => e.key);
    const before = poolKeys();
    short.poke('KNRSK', 0);
    short.call('KMERGE');
    expect(short.peek('KNRSK')).toBe(1);
    expect(poolKeys()).toEqual(before);
    const readThrough = game(false);
    expect(readThrough.found).toBe(want.score);
    expect(readThrough.reelsLeft).toBe(0);
    expect(readThrough.passed).toBe(at);
    // reel 1 is not read through: 10 ms a record's start and 0.4 ms a word saved (12 µs a cycle)
    expect(readThrough.cycles - skipped.cycles).toBeGreaterThan(onReel1 * 800);
    console.log(`KFWD to reel 2's record ${at - onReel1 + 1}: ${(skipped.cycles * 0.012).toFixed(1)} ms leaving reel 1 at its last key, ${(readThrough.cycles * 0.012).toFixed(1)} ms reading through its ${onReel1} records`);
  });

  it('games on a memory of many reels: reading forward mounts only the reels read; reel 1 is mounted again when a game needs it', () => {
    const g = tiny;
    const { tape, reels } = memorySet(g);
    const starts = tape.reels.reduce<number[]>((a, r) => [...a, a.at(-1)! + r.records], [0]);
    // a record a game reaches on reel r, every reel before it left by its last key: fewer pieces than reel r-1's last
    const onReel = (r: number): number => (r === 1 ? 0 : tape.records.findIndex((x, i) => i >= starts[r - 1]! && i < starts[r]! && x.fields.pieces < tape.records[starts[r - 1]! - 1]!.fields.pieces));
    const game = (r: number): { cycles: number; reels: number[] } => {
      const record = tape.records[onReel(r)]!;
      const target = positions.find((p) => standardForm(p).key === record.key)!;
      const want = record.boards.find((b) => b.w1 === standardForm(target).w1 && b.w2 === standardForm(target).w2)!;
      const n = g.changes.length;
      newGame(g);
      g.setPosition(0, target);
      const cycles = g.call('KFWD').cycles;
      expect(g.look(target, 3).score).toBe(want.score);
      expect(g.peek('KNRSK')).toBe(r - 1); // every reel before it left at once, by its last key, unread
      expect(g.changes.slice(n).every((c) => !c.scratch && c.reel === r)).toBe(true); // only the reel read, if it was not on its unit
      return { cycles, reels: g.changes.slice(n).map((c) => c.reel) };
    };
    expect(onReel(reels)).toBeGreaterThan(0);
    const odd = [5, 3].find((r) => r < reels && onReel(r) > 0)!;
    expect(odd).toBeDefined();
    const last = game(reels);
    game(odd); // reel `odd` goes on the pair's first unit, where reel 1 is
    expect(g.m.cpu.mem[g.sym('KRMT') - REEL_CHAINS[pairOf(g.peek('KRU'))][0]]).toBe(odd);
    const first = game(1);
    expect(first.reels).toEqual([1]); // the next game from the start: reel 1 mounted again
    const again = game(1);
    expect(again.reels).toEqual([]);
    console.log(`KFWD on ${reels} reels: to reel ${reels} ${(last.cycles * 0.012).toFixed(1)} ms (${last.reels.length} reel changes); to reel 1 ${(again.cycles * 0.012).toFixed(1)} ms, after a game on reel ${odd} ${(first.cycles * 0.012).toFixed(1)} ms and 1 reel change`);
  });

  it('a memory past a unit with no follower (KRNX set to 0 by an operator) stops the machine in the merge, the old memory still the memory', () => {
    const g = new Rote704();
    for (const n of [1, 2, 5, 7, 8, 9]) g.mountTape(n, [], reelFrames(1)); // 1-foot reels: 12 records or so
    g.m.cpu.mem[g.sym('KRNX') - 8] = 0;
    positions.slice(0, 60).forEach((p, i) => g.save(p, 64 * i, 5));
    expect(() => g.call('KMERGE')).toThrow(/did not return to its caller: halt/);
    const lines = g.m.printer.lines;
    expect(lines.slice(-2)).toEqual(['ROTE REEL 1 FULL ON TAPE 2 - NEXT TAPE 8', 'ROTE REEL 2 FULL ON TAPE 8']);
    expect(lines.some((l) => l.startsWith('ROTE MERGE'))).toBe(false);
    expect(g.peek('KRU')).toBe(1);
  });
});
