// The whole checkers program for the game tests (src/checkers/deck.ts builds it from main.sap):
// as a core image with symbols, to call single routines, or as a bootable deck (loader +
// program), to run it the way a user does.

import { bootCheckers, checkersAssembly } from '../../src/checkers/program/deck.ts';
import { textCard, type Card } from '../../src/devices/cards.ts';
import type { Machine } from '../../src/machine/machine.ts';
import { Checkers704 } from './harness.ts';
import { signed, word } from './searchharness.ts';

export { checkersAssembly, checkersSources } from '../../src/checkers/program/deck.ts';

/** A machine booted from the deck (loader + program) with `lines` as text cards behind it. */
export const bootWith = (lines: string[], eof = true): Machine => bootCheckers(lines.map((l) => textCard(l)), eof);

export const cardOf = (line: string): Card => textCard(line);

const programSymbols = checkersAssembly().symbols;
/** A symbol's address in the booted program. */
export const sym = (name: string): number => programSymbols.get(name)!;
/** The booted program's data word `name` (+ `off`), signed. */
export const peek = (m: Machine, name: string, off = 0): number => signed(m.cpu.mem[sym(name) + off]!);
/** Set it, as an operator at the console would. */
export const poke = (m: Machine, name: string, v: number, off = 0): void => { m.cpu.mem[sym(name) + off] = word(v); };
/** The printout, a line each, without form feeds and trailing blanks. */
export const linesOf = (m: Machine): string[] => m.printer.lines.map((l) => l.replace(/^\f/, '').trimEnd());

/** The whole program's core image in a machine, for calling one routine at a time (call704.ts). */
export class Game704 extends Checkers704 {
  constructor() {
    super(checkersAssembly());
  }

  /** Build the tables the program builds once at its start: the bit counts (BITINI) and the printer's column bits (WINIT). */
  start(): this {
    this.call('BITINI');
    this.call('WINIT');
    return this;
  }
}
