// samuel-series-2: Samuel's second series ("Second series of tests", Fig. 4, Appendix C): from
// the terms the first series selected, weights forgotten, with the four modifications (the
// positive-delta rule, one new term in 32 moves, the growing span with the rudimentary search and
// a lower minimum delta, adoption on a majority of wins). Alpha won 18, lost 4, drew 6 of the
// first 28; Appendix C's 12 leading terms with their powers of 2.

import type { Experiment, Outcome, Row } from '../experiment.ts';
import { compareNumbers } from '../verdict.ts';
import {
  GAMES, SOURCE_1959, appendixCRows, count, discarded, numberRow, powerBandRow, results, series1, series2, seriesPictures, tables, topChanges,
} from './samuelLearning.ts';
import type { SeriesRun } from '../../checkers/learning/series.ts';

const adoptions = (r: SeriesRun): number => r.games.filter((g) => g.learning?.verdict?.includes('BETA ADOPTS')).length;

export const samuelSeries2: Experiment = {
  name: 'samuel-series-2',
  title: "Samuel's second series of generalization learning (28 games from series 1's terms)",
  source: `${SOURCE_1959}, "Second series of tests" (18 won, 4 lost, 6 drawn), Fig. 4, Appendix C`,
  expected: '3.8-4.8 billion 704 cycles (12.5-16 h of 704 time, about 24-30 s a move; about 5 s of wall time on the 2-core machine: 4.5-5.7 s over sessions 18-22, the shared machine moving it by 10-15% from hour to hour) after samuel-series-1 for the same seed, which is played first when it has not been (about 5 s more)',
  defaultSeeds: [1],
  async run(ctx): Promise<Outcome> {
    const firsts = await series1(ctx, ctx.seeds);
    const runs = await series2(ctx, ctx.seeds, firsts);
    const rs = runs.map(results);
    const changes1 = firsts.map((r) => topChanges(r, 1, GAMES).changes);
    const changes2 = runs.map((r) => topChanges(r, 1, GAMES).changes);
    const fewer = (a: readonly number[], b: readonly number[]) => a.reduce((s, x) => s + x, 0) < b.reduce((s, x) => s + x, 0);
    const rows: Row[] = [
      numberRow(`games won by Alpha (of ${GAMES})`, 18, rs.map((r) => count(r, 'won'))),
      numberRow('games lost by Alpha', 4, rs.map((r) => count(r, 'lost')), undefined, { same: 0.25, close: 1 }),
      numberRow('games drawn', 6, rs.map((r) => count(r, 'drawn')), undefined, { same: 0.2, close: 0.6 }),
      {
        what: 'changes at the top of the list: series 2 against series 1', paper: 'fewer ("extremely stable")',
        ours: `${changes2.join(', ')} against ${changes1.join(', ')}`, verdict: fewer(changes2, changes1) ? 'same' : 'differs',
      },
      {
        what: 'Beta adopting Alpha\'s polynomial: series 2 against series 1', paper: 'less often',
        ours: `${runs.map(adoptions).join(', ')} against ${firsts.map(adoptions).join(', ')}`, verdict: fewer(runs.map(adoptions), firsts.map(adoptions)) ? 'same' : 'differs',
      },
      {
        what: 'terms discarded (Appendix C: 18 in 42 games)', paper: `${((18 * GAMES) / 42).toFixed(0)} in 28 games (pro rata)`,
        ours: runs.map(discarded).join(', '), verdict: compareNumbers(12, runs.map(discarded).reduce((s, x) => s + x, 0) / runs.length, { same: 0.2, close: 0.6 }),
      },
    ];
    const ours = runs[0]!.games.at(-1)!.learning!.terms;
    return {
      sections: [
        { title: `Alpha's results, first 28 games (seeds ${ctx.seeds.join(', ')}; one entry a seed)`, rows },
        { title: `Appendix C (after 42 games) beside ours (seed ${ctx.seeds[0]}, after 28): term, correlation, sign, power of 2, times adjusted`, rows: [...appendixCRows(ours), powerBandRow(ours)] },
      ],
      pictures: seriesPictures(runs[0]!, 'series-2', `series 2, seed ${ctx.seeds[0]}`),
      notes: [
        `Series 2 starts from the 16 terms in Alpha's polynomial after series 1 of the same seed (*LEARN RESET: correlations, counts and tallies 0, every coefficient 2^18), as Samuel did ("no attention was paid to their previously assigned weights").`,
        'The four modifications are the 704\'s *LEARN SERIES 2 (docs/checkers-learning.md); the minimum delta is lowered by an eighth, a figure Samuel does not give.',
        `Our terms are those of our series 1, not Samuel's, so Appendix C's names are not expected to recur; the power column is: it follows from the correlations by the same rule. ${tables(runs[0]!).length} tables were printed.`,
        'Samuel warns that his figures "are not strictly comparable" (a programming error stopped the adoption for part of his series).',
      ],
      emulatedSeconds: runs.reduce((s, r) => s + r.seconds704, 0),
    };
  },
};
