// The whole checkers program for the game tests (src/checkers/deck.ts builds it from main.sap):
// as a core image with symbols, to call single routines, or as a bootable deck (loader +
// program), to run it the way a user does.

import { bootCheckers, checkersAssembly } from '../../src/checkers/deck.ts';
import { textCard, type Card } from '../../src/devices/cards.ts';
import { Machine } from '../../src/machine/machine.ts';
import { BY_MNEMONIC } from '../../src/cpu/opcodes.ts';
import { signed, word } from './searchharness.ts';

export { checkersAssembly, checkersSources } from '../../src/checkers/deck.ts';

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

const op = (mnemonic: string, address: number, tag = 0): number => BY_MNEMONIC.get(mnemonic)!.template + tag * 32768 + address;

/** The whole program's core image in a machine, for calling one routine at a time (TSX NAME,4). */
export class Game704 {
  readonly m = new Machine();
  readonly asm = checkersAssembly();
  readonly stub = 0o77000;

  constructor() {
    for (const [a, w] of this.asm.image) this.m.cpu.mem[a] = w;
  }

  sym(name: string): number {
    const v = this.asm.symbols.get(name);
    if (v === undefined) throw new Error(`symbol ${name} not defined`);
    return v;
  }

  /**
   * TSX name,4 then `extra` parameter words, then HTR. Returns where the routine came back:
   * 1 for the word after the TSX, 2 for the next, and so on.
   */
  call(name: string, extra: number[] = [], limit = 10_000_000): number {
    const cpu = this.m.cpu;
    cpu.mem[this.stub] = op('TSX', this.sym(name), 4);
    extra.forEach((w, i) => { cpu.mem[this.stub + 1 + i] = w; });
    for (let i = extra.length + 1; i < extra.length + 4; i++) cpu.mem[this.stub + i] = op('HTR', this.stub + i);
    cpu.ic = this.stub;
    const stop = this.m.run(limit);
    if (stop.reason !== 'halt') throw new Error(`${name}: ${stop.reason}: ${stop.message}`);
    return cpu.ic - this.stub;
  }

  word(name: string, offset = 0): number {
    return this.m.cpu.mem[this.sym(name) + offset]!;
  }

  setWord(name: string, value: number, offset = 0): void {
    this.m.cpu.mem[this.sym(name) + offset] = value;
  }
}
