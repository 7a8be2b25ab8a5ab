// `samuel704 reproduce samuel-rote-terms`: how Samuel fixed the rote-learning polynomial (1959,
// "Rote learning and its variants"): "a number of different sets of values were tested by playing
// through a series of book games and computing the move correlation coefficients. These values
// varied from 0.2 for the poorest polynomial tested, to approximately 0.6 for the one finally
// adopted." The 704 follows Tinsley's games in book mode (C = (L - H)/(L + H), game.sap GBKSUM;
// src/checkers/rote/bookCorrelation.ts) with the piece term alone, with the piece term and each of
// the 38 terms of Appendix C at +16 and at -16, and with the program's rote polynomial (piece,
// DENY, MOB, CENT/ADV): the C of each, summed over the games. The runs are independent, so they
// run side by side, a worker thread each up to the cores; each is journalled as it ends, so a
// killed run goes on.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../devices/atomicFile.ts';
import { correlation as corr, type Poly, type Tally } from '../../checkers/rote/bookCorrelation.ts';
import { bookCards, parsePdn } from '../../checkers/notation/pdn.ts';
import { TERM_NAMES } from '../../checkers/learning/termNames.ts';
import { packageRoot } from '../../host/stateFolder.ts';
import { allCores, onPool } from '../../tournament/pool.ts';
import type { Experiment, Row } from '../experiment.ts';
import { compareNumbers } from '../verdict.ts';

/** The fewest runs left that are played side by side rather than in this thread. */
const SIDE_BY_SIDE = 16;

export const samuelRoteTerms: Experiment = {
  name: 'samuel-rote-terms',
  title: 'The rote polynomial chosen by the book-move correlation C of each candidate term',
  source: 'Samuel 1959, "Rote learning and its variants" (C from 0.2 to about 0.6); Appendix C (the terms)',
  expected: '9 s on the 2-core machine (78 book runs of 3 of Tinsley\'s games, side by side on the cores; 13 s one after another; session 17)',
  expectedQuick: '2 s',
  defaultSeeds: [1],
  async run(ctx) {
    const text = readFileSync(join(packageRoot(), 'data', 'tinsley.pdn'), 'latin1');
    const games = parsePdn(text, 'tinsley.pdn').games.slice(0, ctx.quick ? 1 : 3);
    const cards = games.flatMap((g) => bookCards(g));
    const terms = ctx.quick ? [8, 19, 4] : TERM_NAMES.map((_, i) => i + 1);
    const journal = join(ctx.workDir, 'tallies.json');
    const done: Record<string, Tally> = existsSync(journal) ? JSON.parse(readFileSync(journal, 'utf8')) as Record<string, Tally> : {};
    const polys: [string, Poly][] = [['piece', []], ['rote', 'rote'], ...terms.flatMap((k): [string, Poly][] => [[`${k}+`, [{ term: k, coefficient: 16 }]], [`${k}-`, [{ term: k, coefficient: -16 }]]])];
    const todo = polys.filter(([label]) => !done[label]);
    // A thread's start and warm-up (about 0.5 s) outweigh a few runs of 0.1-0.2 s: --quick's 8 runs
    // took 2.1 s on two threads against 1.6 s in this one (session 17), all 78 9.3 s against 13.0.
    const threads = todo.length >= SIDE_BY_SIDE ? allCores() : 0;
    await onPool(todo.length, (pool, i) => pool.run({ task: 'book', cards, poly: todo[i]![1] }), (i, t) => {
      const label = todo[i]![0];
      done[label] = t;
      writeFileAtomic(journal, JSON.stringify(done, null, 1));
      ctx.log(`${label}: C = ${corr(t).toFixed(3)} (L ${t.low}, H ${t.high})`);
    }, threads);
    const tally = (label: string): Tally => done[label]!;
    const piece = tally('piece');
    const rote = tally('rote');
    const rows: Row[] = [];
    const best: { name: string; c: number }[] = [];
    for (const k of terms) {
      const plus = corr(tally(`${k}+`));
      const minus = corr(tally(`${k}-`));
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
