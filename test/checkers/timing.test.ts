// Emulated time of the move routines against Samuel's Appendix A figures (12 µs a cycle):
// find all moves 2.6 ms, make a move 1.5 ms, bit count 408 µs. Measured over the positions of
// random games (so ordinary moves, jumps and kings come in a game-like mix), each routine
// called alone the 704 way; the cycles of the caller's TSX are left out.

import { describe, expect, it } from 'vitest';
import { Checkers704, expand704, type CallStats } from './harness.ts';
import { randomGamePosition, rng } from './reference.ts';

const CYCLE_US = 12;
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const row = (name: string, xs: number[], samuel: string): string => {
  const f = (c: number): string => `${(c * CYCLE_US / 1000).toFixed(2)} ms`;
  return `  ${name.padEnd(34)} ${String(xs.length).padStart(6)}  ${f(Math.min(...xs)).padStart(8)}  ${f(mean(xs)).padStart(8)}  ${f(Math.max(...xs)).padStart(8)}   ${samuel}`;
};

describe('time per routine against Samuel', () => {
  it('finds moves, makes moves and counts bits within Samuel\'s times on average', () => {
    const c = new Checkers704();
    c.call('BITINI');
    const stats: CallStats = { movgen: [], nxtmov: [], makmov: [] };
    const rand = rng(41);
    for (let i = 0; i < 600; i++) {
      c.setPosition(0, randomGamePosition(rand, Math.floor(rand() * 80)));
      expand704(c, 0, stats);
    }
    const bits: number[] = [];
    for (let i = 0; i < 50; i++) bits.push(c.call('BITS', { ac: Math.floor(rand() * 2 ** 35) }).cycles);
    const body = (xs: number[]): number[] => xs.map((x) => x - 2); // without the TSX
    const movgen = body(stats.movgen);
    const makmov = body(stats.makmov.map((x) => x.cycles));
    const ordinary = body(stats.makmov.filter((x) => x.code <= 4).map((x) => x.cycles));
    const jumps = body(stats.makmov.filter((x) => x.code > 4).map((x) => x.cycles));
    const nxt = body(stats.nxtmov);
    console.log([
      `  ${'routine'.padEnd(34)} ${'calls'.padStart(6)}  ${'min'.padStart(8)}  ${'mean'.padStart(8)}  ${'max'.padStart(8)}   Samuel`,
      row('MOVGEN find all moves', movgen, '2.6 ms'),
      row('MAKMOV make a move (all)', makmov, '1.5 ms'),
      row('MAKMOV ordinary move', ordinary, ''),
      row('MAKMOV single jump', jumps, ''),
      row('NXTMOV take the next move', nxt, '(part of making a move)'),
      row('MAKMOV + NXTMOV per move', makmov.map((x) => x + mean(nxt)), '1.5 ms'),
      row('BITS count bits', body(bits), '0.408 ms'),
    ].join('\n'));
    expect(Math.max(...movgen) * CYCLE_US).toBeLessThanOrEqual(2600);
    expect(mean(makmov) * CYCLE_US).toBeLessThanOrEqual(1500);
    expect(Math.max(...ordinary) * CYCLE_US).toBeLessThanOrEqual(1500);
    expect(new Set(body(bits))).toEqual(new Set([34])); // 408 µs exactly
  });
});
