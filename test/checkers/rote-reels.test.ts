// A memory that spans reels (asm/checkers/rote.sap KNEXT, KRST, KFWD, KMERGE's KMRL; docs/checkers-rote.md
// "A memory on several reels"): reels of a few feet, so a memory of a few hundred boards needs two,
// merged reel by reel through a core far smaller than the memory, and checked against the same
// merges onto full-length reels; then a game's reading forward reaching the second reel.

import { describe, expect, it } from 'vitest';
import { decodeMemorySet, type MemoryTape } from '../../src/checkers/rote/memoryTape.ts';
import { REEL_CHAINS } from '../../src/checkers/rote/memorySet.ts';
import { reelFrames } from '../../src/devices/tape.ts';
import { rng, type Position } from './reference.ts';
import { distinctPositions, Rote704, standardForm, withPieces } from './roteharness.ts';

/** The unit that follows unit u in the 704's chain of reels (rote.sap KRNX-u; 0 none). */
const nextUnit = (g: Rote704, u: number): number => g.m.cpu.mem[g.sym('KRNX') - u]!;

/** The memory the 704 reads now: the reels of KRU's chain, as far as their trailers say it goes on. */
function memorySet(g: Rote704): { tape: MemoryTape; units: number[] } {
  const units = [g.peek('KRU')];
  for (;;) {
    const reels = units.map((u) => g.tapes.get(u)!.entries);
    const tape = decodeMemorySet(reels);
    if (tape.complete || !tape.problems.some((p) => p.includes('MEMCON'))) return { tape, units };
    units.push(nextUnit(g, units.at(-1)!));
  }
}

const FEET = Number(process.env.REEL_FEET ?? 10); // a 10-foot reel: ~120 records of these boards

/**
 * 240 boards saved through a core of 20 changes and a 40-board pool, a merge whenever the changes
 * fill (reading forward a little before each, as before a search): on reels of `feet` feet, or of
 * 2400 (the 727's) when not given.
 */
function build(positions: readonly Position[], feet?: number): Rote704 {
  const g = new Rote704();
  for (const n of [1, 2, 5, 7, 8, 9]) g.mountTape(n, [], feet === undefined ? undefined : reelFrames(feet));
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

describe('a memory on several reels (KMERGE reel by reel, KNEXT along the chain)', () => {
  const positions = distinctPositions(rng(15), 240, 8, 0.2);
  const short = build(positions, FEET);
  const long = build(positions);

  it('the host mounts the chains the 704 follows (KRNX)', () => {
    for (const [head, chain] of Object.entries(REEL_CHAINS)) {
      const units = [Number(head)];
      while (nextUnit(short, units.at(-1)!) !== 0) units.push(nextUnit(short, units.at(-1)!));
      expect(units).toEqual(chain);
    }
  });

  it('writes a memory too big for one reel on two, each reel whole, with the same boards, ages and order as on one long reel', () => {
    const multi = memorySet(short);
    const single = memorySet(long);
    expect(single.units).toHaveLength(1);
    expect(single.tape.complete).toBe(true);
    expect(multi.units.length).toBe(2);
    expect(multi.units).toEqual(REEL_CHAINS[short.peek('KRU') as 2 | 5]);
    expect(multi.tape.problems).toEqual([]);
    expect(multi.tape.complete).toBe(true);
    expect(multi.tape.reels.every((r) => r.records > 0)).toBe(true);
    expect(multi.tape.trailer).toEqual(single.tape.trailer);
    expect(multi.tape.trailer!.boards).toBe(240);
    // record by record: keys, boards, scores, ages and plies, in the same order
    expect(multi.tape.records).toEqual(single.tape.records);
    const onTape = new Set(multi.tape.records.flatMap((r) => r.boards.map((b) => JSON.stringify({ w1: b.w1, w2: b.w2, w3: b.w3, key: r.key }))));
    for (const p of positions) expect(onTape.has(JSON.stringify(standardForm(p)))).toBe(true);
    // the reels filled in turn on both chains: earlier merges read a two-reel memory back
    const full = short.m.printer.lines.filter((l) => /^ROTE REEL 1 FULL ON TAPE \d+ - NEXT TAPE \d+$/.test(l));
    expect(new Set(full)).toEqual(new Set(['ROTE REEL 1 FULL ON TAPE 2 - NEXT TAPE 8', 'ROTE REEL 1 FULL ON TAPE 5 - NEXT TAPE 9']));
    expect(long.m.printer.lines.some((l) => l.includes('FULL ON TAPE'))).toBe(false);
    // the same merges
    expect(short.peek('KNMRG')).toBe(long.peek('KNMRG'));
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
      g.call('KRST');
      g.poke('KPN', 0);
      g.poke('KN', 0);
      g.poke('KNRSK', 0);
      g.poke('KNSKP', 0);
      g.poke('KRPM', 4);
      g.poke('KPDEP', 0);
      if (!skip) g.m.cpu.mem[g.sym('KRLK') - g.peek('KRU')] = 0; // as if reel 1's last key were not known
      g.setPosition(0, target);
      const cycles = g.call('KFWD').cycles;
      return { cycles, found: g.look(target, 3).score, reelsLeft: g.peek('KNRSK'), passed: g.peek('KNSKP'), reading: g.peek('KRCU') };
    };
    const lastKey = short.m.cpu.mem[short.sym('KRLK') - short.peek('KRU')]!;
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

  it('a memory longer than the chain stops the machine in the merge, the old memory still the memory', () => {
    const g = new Rote704();
    for (const n of [1, 2, 5, 7, 8, 9]) g.mountTape(n, [], reelFrames(1)); // 1-foot reels: 12 records or so
    positions.slice(0, 60).forEach((p, i) => g.save(p, 64 * i, 5));
    expect(() => g.call('KMERGE')).toThrow(/did not return to its caller: halt/);
    const lines = g.m.printer.lines;
    expect(lines.slice(-2)).toEqual(['ROTE REEL 1 FULL ON TAPE 2 - NEXT TAPE 8', 'ROTE REEL 2 FULL ON TAPE 8']);
    expect(lines.some((l) => l.startsWith('ROTE MERGE'))).toBe(false);
    expect(g.peek('KRU')).toBe(1);
  });
});
