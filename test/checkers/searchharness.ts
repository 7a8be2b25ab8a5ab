// Harness for the search part (params.sap, eval.sap, search.sap): the same as harness.ts but
// assembling all the checkers files together, in the documented order (docs/checkers-search.md),
// as the whole program will be.

import { assembleParts, Checkers704, SOURCES, type Program } from './harness.ts';

/** Assembly order: the files of part 1 (harness.ts), then the search part (EVAL's twins are in terms.sap). */
export const SEARCH_SOURCES = [...SOURCES, 'params.sap', 'eval.sap', 'terms.sap', 'search.sap'];

export const searchProgram = (): Program => assembleParts(SEARCH_SOURCES);

/** The 704 loaded with every checkers file; `sym`, `call`, `setPosition` as in Checkers704. */
export class Search704 extends Checkers704 {
  override readonly prog: Program = searchProgram();

  constructor() {
    super();
    const mem = this.m.cpu.mem;
    for (let a = 0; a < mem.length; a++) mem[a] = 0;
    for (const [a, w] of this.prog.image) mem[a] = w;
  }

  /** Read a word by symbol (plus offset). */
  peek(name: string, off = 0): number {
    return this.m.cpu.mem[this.sym(name) + off]!;
  }

  poke(name: string, v: number, off = 0): void {
    this.m.cpu.mem[this.sym(name) + off] = v;
  }
}

export const SIGN = 2 ** 35;
/** A 704 word (sign and magnitude) as a JS integer. */
export const signed = (w: number): number => (w >= SIGN ? 0 - (w - SIGN) : w) + 0; // -0 read as 0
/** A JS integer as a 704 word. */
export const word = (v: number): number => (v < 0 || Object.is(v, -0) ? SIGN + -v : v);
