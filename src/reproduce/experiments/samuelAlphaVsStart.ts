// samuel-alpha-vs-start: does the learning work? Alpha's polynomial after both series (learning
// off, *LEARN USE) against the same seed's untrained first polynomial, two 704s relayed by the
// match code, each ACF ballot played twice with the colours reversed, and a paired t test on the
// pair scores (Samuel: "the capability of the program can be tested at any time by having Alpha
// play ... with the learning procedure temporarily immobilized").

import { join } from 'node:path';
import { playMatchGame, Program704, scoreTable, type MatchGame } from '../../checkers/match/match.ts';
import { ACF_BALLOTS, ballotOrder, playable, readBallots } from '../../checkers/selfplay/openings.ts';
import { untrainedState, writeLearningTape } from '../../checkers/learning/learningTape.ts';
import { termOrder } from '../../checkers/learning/series.ts';
import type { Experiment, Outcome, Row } from '../experiment.ts';
import { meanText } from '../verdict.ts';
import { SOURCE_1959, series2 } from './samuelLearning.ts';


export const samuelAlphaVsStart: Experiment = {
  name: 'samuel-alpha-vs-start',
  title: "Alpha's learned polynomial against its untrained start (learning off, colours reversed)",
  source: `${SOURCE_1959}, "Learning procedure involving generalizations"; conclusions (1) and (5)`,
  expected: '16 games a seed after samuel-series-2 (both series are played first when they have not been): 3.5 s of wall time with both kept, about 10 s more without (session 15)',
  expectedQuick: '6 games a seed after samuel-series-2: 3 s of wall time with both series kept, 10 s without (session 15)',
  defaultSeeds: [1],
  async run(ctx): Promise<Outcome> {
    const ballots = playable(readBallots(ACF_BALLOTS));
    const pairs = ctx.quick ? 3 : 8;
    const rows: Row[] = [];
    const tableLines: string[] = [];
    const means: number[] = [];
    const series = await series2(ctx, ctx.seeds);
    for (const [i, seed] of ctx.seeds.entries()) {
      const learned = series[i]!;
      const learnedTape = join(ctx.workDir, `learned-seed-${seed}.tap`);
      const startTape = join(ctx.workDir, `start-seed-${seed}.tap`);
      writeLearningTape(learnedTape, learned.final);
      writeLearningTape(startTape, untrainedState(termOrder(seed)));
      const games: MatchGame[] = [];
      for (const ballot of ballotOrder(ballots, seed).slice(0, pairs)) {
        for (const side of ['black', 'white'] as const) {
          const g = await playMatchGame(ballot, side, new Program704({ learning: startTape }), { learning: learnedTape }, { session: null });
          games.push(g);
          ctx.log(`seed ${seed}: ballot #${ballot.number}, learned plays ${side}: ${g.points ?? 'unfinished'}`);
        }
      }
      const { lines, test } = scoreTable(games, 'the untrained start', 'the learned polynomial');
      tableLines.push(`seed ${seed}:`, ...lines);
      means.push(test.mean);
      const points = games.reduce((s, g) => s + (g.points ?? 0), 0);
      rows.push({
        what: `seed ${seed}: points of the learned polynomial (of ${games.length})`,
        paper: 'more than half (the learning works)',
        ours: `${points} (mean pair ${test.mean.toFixed(2)} of 2, t = ${Number.isFinite(test.t) ? test.t.toFixed(2) : String(test.t)}, p = ${Number.isNaN(test.p) ? 'undefined' : test.p.toFixed(3)})`,
        verdict: test.mean > 1 && test.p < 0.05 ? 'same' : test.mean > 1 ? 'close' : 'differs',
        note: 'same: ahead and p < 0.05; close: ahead, not significant',
      });
    }
    if (ctx.seeds.length > 1) rows.push({ what: 'mean pair score over seeds', paper: 'above 1', ours: meanText(means, 2), verdict: Math.min(...means) > 1 ? 'same' : means.reduce((s, x) => s + x, 0) / means.length > 1 ? 'close' : 'differs' });
    return {
      sections: [{ title: `The learned polynomial (after series 1 and 2) against its untrained start, ${pairs} ballots twice`, rows }],
      pictures: [],
      notes: [
        'Samuel gives no figure for this test; he reports the learned program as "a better-than-average player" and that "the learning procedure did work". The verdict asks whether the learned polynomial beats its own start.',
        `Both sides search alike (Samuel's ply rules, no rote learning); only the polynomials differ. Ballots are the ACF three-move openings, in the seed's order.`,
        ...tableLines,
      ],
    };
  },
};
