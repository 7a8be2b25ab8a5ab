// perft.sap: the number of positions n moves deep, counted on the emulated 704 — from the
// start position against the published counts (data/perft.tsv),
// and from random positions with kings against the reference generator.

import { describe, expect, it } from 'vitest';
import { PERFT } from '../data.ts';
import { Checkers704 } from './harness.ts';
import { parseFen, perft, randomGamePosition, randomPosition, rng, toFen } from './reference.ts';

const published = new Map<number, number>(PERFT);

const ms = (cycles: number): string => `${(cycles * 12e-6).toFixed(1)} s`;

describe('PERFT from the start position', () => {
  const c = new Checkers704();
  c.call('BITINI');

  /** PERFT at depths `from` to `to` from the start position with PBULK as given, against perft.tsv; a report line a depth from 1. */
  function fromStart(bulk: number, from: number, to: number): string {
    c.m.cpu.mem[c.sym('PBULK')] = bulk;
    const lines: string[] = [];
    for (let d = from; d <= to; d++) {
      c.call('STARTP');
      const t0 = performance.now();
      const r = c.call('PERFT', { ac: d });
      const wall = performance.now() - t0;
      expect(r.acMag, `depth ${d}`).toBe(d === 0 ? 1 : published.get(d));
      if (bulk === 0) expect(c.m.cpu.mem[c.sym('PCOUNT')]).toBe(r.acMag);
      expect(wall).toBeLessThan(10_000);
      if (d > 0) lines.push(`  depth ${d}: ${r.acMag} positions, ${r.cycles} cycles = ${ms(r.cycles)} of 704 time, ${wall.toFixed(0)} ms here`);
    }
    c.m.cpu.mem[c.sym('PBULK')] = 0;
    return lines.join('\n');
  }

  it('matches perft.tsv for depths 1-7, making every move', () => {
    console.log(`PERFT, every move made:\n${fromStart(0, 0, 7)}`);
  });

  it('matches perft.tsv for depths 1-8 counting the last ply with BITS', () => {
    console.log(`PERFT, last ply counted by BITS:\n${fromStart(1, 1, 8)}`);
  });

  it('leaves the starting position in ply 0', () => {
    c.call('STARTP');
    const before = c.record(0);
    c.call('PERFT', { ac: 4 });
    expect(c.record(0)).toEqual(before);
  });
});

describe('PERFT from other positions', () => {
  const c = new Checkers704();
  c.call('BITINI');

  const check = (fen: string, depth: number, bulk: number): void => {
    const pos = parseFen(fen);
    c.setPosition(0, pos);
    c.m.cpu.mem[c.sym('PBULK')] = bulk;
    const r = c.call('PERFT', { ac: depth });
    expect(r.acMag, `${fen} depth ${depth} bulk ${bulk}`).toBe(perft(pos, depth));
  };

  it('W:WK17:B14,15,22,23 has exactly two moves, after which Black cannot move', () => {
    for (const bulk of [0, 1]) {
      const pos = parseFen('W:WK17:B14,15,22,23');
      c.setPosition(0, pos);
      c.m.cpu.mem[c.sym('PBULK')] = bulk;
      expect(c.call('PERFT', { ac: 1 }).acMag).toBe(2);
      c.setPosition(0, pos);
      expect(c.call('PERFT', { ac: 2 }).acMag).toBe(0);
    }
  });

  it('agrees with the reference generator on random positions with kings, depths 1-3', () => {
    const rand = rng(31);
    for (let i = 0; i < 240; i++) {
      const pos = i % 3 === 0 ? randomPosition(rand, 12, 0.5) : i % 3 === 1 ? randomPosition(rand, 6) : randomGamePosition(rand, 20 + Math.floor(rand() * 60));
      const fen = toFen(pos);
      for (let d = 1; d <= 3; d++) check(fen, d, i % 2);
    }
  });

  it('agrees at depth 5 on a few endgames with kings', () => {
    const rand = rng(32);
    for (let i = 0; i < 12; i++) check(toFen(randomPosition(rand, 5, 0.6)), 5, i % 2);
  });
});
