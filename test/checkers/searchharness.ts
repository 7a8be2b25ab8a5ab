// Harness for the search part (params.sap, eval.sap, search.sap): the same as harness.ts but
// assembling all the checkers files together, in the documented order (docs/checkers-search.md),
// as the whole program will be.

import { assembleParts, Checkers704, SIGN, SOURCES, type Program } from './harness.ts';

/** Assembly order: the files of part 1 (harness.ts), then the search part (EVAL's twins are in terms.sap). */
export const SEARCH_SOURCES = [...SOURCES, 'params.sap', 'eval.sap', 'terms.sap', 'search.sap'];

export const searchProgram = (): Program => assembleParts(SEARCH_SOURCES);

/** The 704 loaded with every checkers file of the search part; `sym`, `call`, `peek`, `setPosition` as in Checkers704. */
export class Search704 extends Checkers704 {
  constructor() {
    super(searchProgram());
  }
}

/** The routine of Appendix C term k (1-38), by the address in its table entry PTR-k. */
export function termRoutine(c: Checkers704, k: number): string {
  const address = c.peek('PTR', -k) % 32768;
  for (const [n, v] of c.prog.symbols) if (v === address && /^[EX]/.test(n)) return n;
  throw new Error(`term ${k}: no routine at ${address.toString(8)}`);
}

export { SIGN };
/** A 704 word (sign and magnitude) as a JS integer. */
export const signed = (w: number): number => (w >= SIGN ? 0 - (w - SIGN) : w) + 0; // -0 read as 0
/** A JS integer as a 704 word. */
export const word = (v: number): number => (v < 0 || Object.is(v, -0) ? SIGN + -v : v);
