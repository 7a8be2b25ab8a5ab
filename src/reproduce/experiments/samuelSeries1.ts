// samuel-series-1: Samuel's first series of 28 learning games ("Preliminary learning-by-
// generalization tests"): an arbitrary selection of 16 terms at equal weights, Alpha White in the
// first 14 games against Beta forced through the seven opening moves twice, then alternately; the
// games won and lost per block of seven, the changes at the top of the list, the terms discarded.

import type { Experiment, Outcome, Row } from '../experiment.ts';
import {
  GAMES, SOURCE_1959, atLeastRow, blocks, count, discarded, leaders, numberRow, results, series1, seriesPictures, topChanges, type Result,
} from './samuelLearning.ts';

/** Samuel's blocks of seven: won, lost, and the changes at the top (at least) and the terms involved. */
const PAPER_BLOCKS = [
  { won: 3, lost: 4, changes: 14, terms: 10 },
  { won: 6, lost: 1, changes: 8, terms: 5 },
  { won: 5, lost: 2, changes: 8, terms: 5 },
  { won: 2, lost: 5, changes: 4, terms: 3 },
];

export const samuelSeries1: Experiment = {
  name: 'samuel-series-1',
  title: "Samuel's first series of generalization learning (28 games, Alpha against Beta)",
  source: `${SOURCE_1959}, "Preliminary learning-by-generalization tests"; "Second series of tests" (16 won, 12 lost)`,
  expected: '4-5 billion 704 cycles a seed (14-16 h of 704 time, about 28 s a move; about 5 s of wall time a seed on one core; the seeds side by side, a thread each up to the cores: 10 s for the 3 default seeds on the quiet 2-core machine, session 17); 3 seeds by default',
  defaultSeeds: [1, 2, 3],
  async run(ctx): Promise<Outcome> {
    const runs = await series1(ctx, ctx.seeds);
    const rs = runs.map(results);
    const games: Row[] = [
      numberRow(`games won by Alpha (of ${GAMES})`, 16, rs.map((r) => count(r, 'won'))),
      numberRow('games lost by Alpha', 12, rs.map((r) => count(r, 'lost'))),
      numberRow('games drawn', 0, rs.map((r) => count(r, 'drawn')), 'Samuel gives 16 won and 12 lost: no draws', { same: 0, close: 3 }),
      ...PAPER_BLOCKS.map((b, i) => {
        const part = (r: Result[]) => r.slice(7 * i, 7 * i + 7);
        const mean = (what: Result) => rs.reduce((s, r) => s + count(part(r), what), 0) / rs.length;
        const exact = rs.every((r) => count(part(r), 'won') === b.won && count(part(r), 'lost') === b.lost);
        return {
          what: `games ${7 * i + 1}-${7 * i + 7}: won-lost-drawn`,
          paper: `${b.won}-${b.lost}-0`,
          ours: rs.map((r) => blocks(r)[i]).join(', '),
          verdict: exact ? 'same' as const : Math.abs(mean('won') - b.won) <= 1.5 && Math.abs(mean('lost') - b.lost) <= 1.5 ? 'close' as const : 'differs' as const,
          note: i === 0 ? 'same: won and lost as Samuel\'s; close: each within 1.5 on the mean' : undefined,
        };
      }),
    ];
    const top: Row[] = [
      ...PAPER_BLOCKS.map((b, i) => atLeastRow(`games ${7 * i + 1}-${7 * i + 7}: changes at the top of the list`, b.changes, runs.map((r) => topChanges(r, 7 * i + 1, 7 * i + 7).changes))),
      ...PAPER_BLOCKS.map((b, i) => numberRow(`games ${7 * i + 1}-${7 * i + 7}: different terms in those changes`, b.terms, runs.map((r) => topChanges(r, 7 * i + 1, 7 * i + 7).terms))),
      atLeastRow('different terms at the top at some time', 20, runs.map((r) => leaders(r).terms)),
      numberRow('terms back at the top with the sign reversed', 2, runs.map((r) => leaders(r).reversed)),
      numberRow('different terms discarded and replaced', 29, runs.map(discarded)),
    ];
    const last = runs[0]!.games.at(-1)!.learning!.terms;
    return {
      sections: [
        { title: `Alpha's results (seeds ${ctx.seeds.join(', ')}; one entry a seed)`, rows: games },
        { title: 'Stability of the polynomial (tables every 5 Alpha moves and at each game end)', rows: top },
      ],
      pictures: seriesPictures(runs[0]!, 'series-1', `series 1, seed ${ctx.seeds[0]}`),
      notes: [
        `A seed chooses the "arbitrary selection of 16 terms" (a shuffle of the 38; the first 16 start, at 2^18 each, the rest are the reserve); the games are the 704's, move for move the same for the same seed.`,
        `Seed ${ctx.seeds[0]}'s leading terms after game 28: ${last.slice(0, 6).map((t) => `${t.sign ?? ''}${t.name} 2^${t.power ?? '-'}`).join(', ')}.`,
        'Samuel sampled the table "at frequent intervals"; we print it after every 5th move of Alpha and at each game end, so our counts of changes at the top depend on that interval.',
        'Samuel gives no piece-term scale; ours puts the leading coefficient 2^18 at an eighth of a man (docs/checkers-learning.md).',
        'Our draws are games ended by a repetition or at the 70-move limit with even material; Samuel\'s program had no repetition rule and he reports none in this series.',
      ],
      emulatedSeconds: runs.reduce((s, r) => s + r.seconds704, 0),
    };
  },
};
