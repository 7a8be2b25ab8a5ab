// The rote look-up's own time in emulated 704 cycles (Samuel, Appendix A: "look up a saved board
// 2.3 ms"): every look-up of a run at the minimum ply, from KLOOK past its ply test (KL1) to its
// return at SNODE's call (KSNLK+1 not saved, KSNLK+2 saved), with the ply test's cycles, by side to
// move and hit or miss. Breakpoints only: the 704 runs its own program between them; the host
// reads the clock and the side to move. `npm run bench` and `reproduce samuel-rote` report it.

import { BY_MNEMONIC } from '../../cpu/opcodes.ts';
import { textCard } from '../../devices/cards.ts';
import type { Machine } from '../../machine/machine.ts';
import { bootCheckers, checkersSymbol } from '../program/deck.ts';
import { mountMemoryReadOnly } from './memorySet.ts';

export type LookupTimes = Record<'black' | 'white', Record<'hit' | 'miss', { count: number; cycles: number }>>;

/** The cycles of KLOOK's ply test, before KL1 where the timing starts (CLA SUB TZE). */
export const PLY_TEST_CYCLES = ['CLA', 'SUB', 'TZE'].reduce((t, o) => t + BY_MNEMONIC.get(o)!.cycles, 0);

/** Runs `m` (the checkers program, its cards fed) to its end, timing every look-up. */
export function timeLookups(m: Machine): LookupTimes {
  const [entry, miss, side] = [checkersSymbol('KL1'), checkersSymbol('KSNLK') + 1, checkersSymbol('SIDE')];
  const hit = miss + 1;
  const sums: LookupTimes = {
    black: { hit: { count: 0, cycles: 0 }, miss: { count: 0, cycles: 0 } },
    white: { hit: { count: 0, cycles: 0 }, miss: { count: 0, cycles: 0 } },
  };
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
        s.cycles += cpu.cycles - start + PLY_TEST_CYCLES;
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
 * The checkers program ready to run with rote learning on: `words` set at the console while it waits
 * for its first card (as a session's setDataWords: the deck loads over anything deposited before),
 * the memory (a tape image or a set of reels) read only, then `*ROTE ON`, `cards` and `*END`.
 */
export function roteAtConsole(memory: string, cards: readonly string[], words: Readonly<Record<string, number>> = {}): Machine {
  const m = bootCheckers([], false);
  const first = m.run(1e9);
  if (first.reason !== 'input') throw new Error(`the checkers program did not wait for a card: ${first.reason}`);
  for (const [name, value] of Object.entries(words)) m.deposit(checkersSymbol(name), [value]);
  mountMemoryReadOnly(m.io, memory);
  m.reader.feed(['*ROTE ON', ...cards, '*END'].map((c) => textCard(c)));
  m.reader.setEndOfFile(true);
  return m;
}

/** The look-ups of one such run (roteAtConsole). */
export const lookupTimesOn = (memory: string, cards: readonly string[], words: Readonly<Record<string, number>> = {}): LookupTimes =>
  timeLookups(roteAtConsole(memory, cards, words));

/** Adds `b` into `a` and gives `a`. */
export function addTimes(a: LookupTimes, b: LookupTimes): LookupTimes {
  for (const s of ['black', 'white'] as const) {
    for (const k of ['hit', 'miss'] as const) {
      a[s][k].count += b[s][k].count;
      a[s][k].cycles += b[s][k].cycles;
    }
  }
  return a;
}
