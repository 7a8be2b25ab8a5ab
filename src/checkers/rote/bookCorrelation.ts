// Samuel's measure of a polynomial (1959, "Rote learning and its variants"): book games followed
// by the 704 in book mode, C = (L - H)/(L + H) from its BOOK summary lines (game.sap GBKSUM). The
// polynomial is set at the console before the cards are read, as Samuel's data words were: VNT,
// the term table VTR and VTC (eval.sap), term k's routine from the program's own table PTR-k
// (terms.sap). A run is a pure function of its cards and polynomial, so it may run on any thread.

import { checkersSymbol } from '../program/deck.ts';
import { CheckersSession } from '../program/session.ts';

/** A polynomial for the test: 'rote' the program's own (as assembled), else the piece term and these terms. */
export type Poly = 'rote' | { term: number; coefficient: number }[];
/** Book moves the program scored lower (L) and higher (H) than its own choice, summed over the games. */
export interface Tally { low: number; high: number }

/** A book run for a worker thread (tournament/worker.ts). */
export interface BookJob {
  task: 'book';
  cards: string[];
  poly: Poly;
}

const SIGN = 2 ** 35;
const word = (n: number): number => (n < 0 ? SIGN - n : n);
export const correlation = (t: Tally): number => (t.low + t.high === 0 ? NaN : (t.low - t.high) / (t.low + t.high));

/** L and H summed over `cards` (book games) followed by the 704 with `poly`. */
export async function bookTally(cards: readonly string[], poly: Poly): Promise<Tally> {
  const session = new CheckersSession([], false);
  await session.run(); // the program waits for its first card: the console is free
  if (poly !== 'rote') {
    const mem = session.machine.cpu.mem;
    const [vtr, vtc, ptr] = ['VTR', 'VTC', 'PTR'].map(checkersSymbol) as [number, number, number];
    mem[checkersSymbol('VNT')] = poly.length;
    poly.forEach((p, i) => {
      mem[vtr - 1 - i] = mem[ptr - p.term]! % 2 ** 15;
      mem[vtc - 1 - i] = word(p.coefficient);
    });
  }
  session.feed(...cards, '*END');
  session.setEndOfFile(true);
  const t: Tally = { low: 0, high: 0 };
  const r = await session.run((e) => {
    if (e.kind === 'book-summary') { t.low += e.low; t.high += e.high; }
  });
  if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
  return t;
}

export const runBookJob = (job: BookJob): Promise<Tally> => bookTally(job.cards, job.poly);
