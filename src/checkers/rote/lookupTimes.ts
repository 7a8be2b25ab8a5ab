// The rote look-up's own time in emulated 704 cycles (Samuel, Appendix A: "look up a saved board
// 2.3 ms"): every look-up of a run at the minimum ply, from KLOOK past its ply test (KL1) to its
// return at SNODE's call (KSNLK+1 not saved, KSNLK+2 saved), with the ply test's cycles, by side to
// move and hit or miss. Breakpoints only: the 704 runs its own program between them; the host
// reads the clock and the side to move. `npm run bench` and `reproduce samuel-rote` report it.

import { BY_MNEMONIC } from '../../cpu/opcodes.ts';
import { textCard } from '../../devices/cards.ts';
import type { Machine } from '../../machine/machine.ts';
import { bootCheckers, checkersAssembly } from '../program/deck.ts';
import { mountMemoryReadOnly } from './memorySet.ts';

export type Side = 'black' | 'white';
export type LookupTimes = Record<Side, Record<'hit' | 'miss', { count: number; cycles: number }>>;

const emptyTimes = (): LookupTimes => ({
  black: { hit: { count: 0, cycles: 0 }, miss: { count: 0, cycles: 0 } },
  white: { hit: { count: 0, cycles: 0 }, miss: { count: 0, cycles: 0 } },
});

function symbol(name: string): number {
  const v = checkersAssembly().symbols.get(name);
  if (v === undefined) throw new Error(`the checkers program has no symbol ${name}`);
  return v;
}

/** Runs `m` (the checkers program, its cards fed) to its end, timing every look-up. */
export function timeLookups(m: Machine): LookupTimes {
  const [entry, miss, side] = [symbol('KL1'), symbol('KSNLK') + 1, symbol('SIDE')];
  const hit = miss + 1;
  // the cycles before KL1: KLOOK's ply test
  const before = ['CLA', 'SUB', 'TZE'].reduce((t, o) => t + BY_MNEMONIC.get(o)!.cycles, 0);
  const sums = emptyTimes();
  const cpu = m.cpu;
  const mark = (on: number, ...at: number[]): void => {
    for (const a of at) cpu.breakpoints[a] = on;
    cpu.updateDebug();
  };
  mark(1, entry, miss, hit);
  let start = -1; // -1: a return from a call not at the minimum ply (no look-up)
  let white = false;
  try {
    for (;;) {
      const stop = m.run(1e12);
      if (stop.reason !== 'breakpoint') break;
      const at = cpu.ic;
      if (at === entry) {
        start = cpu.cycles;
        white = cpu.mem[(side - cpu.xr1) & cpu.addrMask]! >= 2 ** 35;
      } else if (start >= 0) {
        const s = sums[white ? 'white' : 'black'][at === hit ? 'hit' : 'miss'];
        s.cycles += cpu.cycles - start + before;
        s.count += 1;
        start = -1;
      }
      mark(0, at); // step over the breakpoint
      m.run(1);
      mark(1, at);
    }
  } finally {
    mark(0, entry, miss, hit);
  }
  return sums;
}

/**
 * The look-ups of one run of the checkers program: `words` set at the console while it waits for
 * its first card, `*ROTE ON` and `cards`, the memory (a tape image or a set of reels) read only.
 */
export function lookupTimesOn(memory: string, cards: readonly string[], words: Readonly<Record<string, number>> = {}): LookupTimes {
  const m = bootCheckers([], false);
  const first = m.run(1e9);
  if (first.reason !== 'input') throw new Error(`the checkers program did not wait for a card: ${first.reason}`);
  for (const [name, value] of Object.entries(words)) m.deposit(symbol(name), [value]);
  mountMemoryReadOnly(m.io, memory);
  m.reader.feed(['*ROTE ON', ...cards, '*END'].map((c) => textCard(c)));
  m.reader.setEndOfFile(true);
  return timeLookups(m);
}

/** Adds `b` into `a`. */
export function addTimes(a: LookupTimes, b: LookupTimes): LookupTimes {
  for (const s of ['black', 'white'] as const) {
    for (const k of ['hit', 'miss'] as const) {
      a[s][k].count += b[s][k].count;
      a[s][k].cycles += b[s][k].cycles;
    }
  }
  return a;
}

export { emptyTimes };
