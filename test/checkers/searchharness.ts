// Harness for the search part (params.sap, eval.sap, search.sap): the same as harness.ts but
// assembling every file of the program in main.sap's order, as the whole program is built: the
// evaluation calls into the parts that other learners and games hook in (Seale's score, sealeck.sap).

import { relative } from 'node:path';
import { CHECKERS_DIR, checkersSources } from '../../src/checkers/program/deck.ts';
import { assembleParts, Checkers704, SIGN, type Program } from './harness.ts';

/** Assembly order: the files main.sap lists (EVAL's twins are in terms.sap). */
export const SEARCH_SOURCES = checkersSources()
  .map((s) => relative(CHECKERS_DIR, s.name))
  .filter((n) => !n.startsWith('main.sap'));

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
