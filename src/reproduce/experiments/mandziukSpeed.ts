// Mańdziuk et al. (2007), section 7.2: the speed of their plain alpha-beta (55,000-100,000 positions
// a second, a depth-6 search 40-200 ms on average) and its pruning efficiency 1 - n/s (0.7-0.85 at
// depth 6), n the positions visited and s the tree the average branching factor and the depth
// give. Ours: the 704's QAB (asm/checkers/mandziuk.sap) searching ACF ballot positions to depth 6
// with a fixed 25F specimen, in emulated 704 time and in wall time; b from the same positions'
// depth-1 searches (1 + the moves at the root), s = 1 + b + ... + b^6.

import { ACF_BALLOTS, ballotOrder, playable, readBallots } from '../../checkers/selfplay/openings.ts';
import { scoreBoards, type ScoreJob } from '../../evolve/score.ts';
import type { Player } from '../../tournament/players.ts';
import type { Experiment, Outcome } from '../experiment.ts';
import { compareNumbers } from '../verdict.ts';

/** Material first, then a little of everything: a plausible specimen (speed depends little on the weights). */
const SPECIMEN: Player = {
  kind: 'heuristic', name: '25F', heuristic: '25F', depth: 6,
  genes: [1, 1.5, 0.1, 0.1, 0.05, 0.05, -0.02, -0.03, 0.05, 0.05, 0.05, 0.05, 0.02, 0.02, 0.02, 0.02, -0.02, -0.02, -0.05, 0.05, 0.05, 0.05, 0.05, -0.05, 0.02],
};

export const pruningEfficiency = (n: number, b: number, d: number): number => 1 - n / Array.from({ length: d + 1 }, (_, i) => b ** i).reduce((a, x) => a + x, 0);

export const mandziukSpeed: Experiment = {
  name: 'mandziuk-speed',
  title: "Mańdziuk's plain alpha-beta: positions a second, depth-6 search time, pruning efficiency 1 - n/s",
  source: 'Mańdziuk, Kusiak, Walędzik (2007), section 7.2 (speed and pruning efficiency)',
  expected: '1 s (60 positions; session 14)',
  expectedQuick: '1 s (6 positions)',
  defaultSeeds: [1],
  async run(ctx): Promise<Outcome> {
    const count = ctx.quick ? 6 : 60;
    const fens = ballotOrder(playable(readBallots(ACF_BALLOTS)), ctx.seeds[0] ?? 1).slice(0, count).map((b) => b.fen);
    const job = (depth: number): ScoreJob => ({ task: 'score', index: 0, fens, player: { ...SPECIMEN, depth }, giveaway: false });
    ctx.log(`depth 1 on ${count} ballot positions (the branching factor)`);
    const shallow = await scoreBoards(job(1));
    ctx.log(`depth 6 on the same positions`);
    const t0 = performance.now();
    const deep = await scoreBoards(job(6));
    const wall = (performance.now() - t0) / 1000;
    const b = shallow.nodes / count - 1;
    const n = deep.nodes / count;
    const eff = pruningEfficiency(n, b, 6);
    const rate704 = deep.nodes / deep.seconds704;
    const rateWall = deep.nodes / wall;
    const inRange = (x: number, lo: number, hi: number): 'same' | 'close' | 'differs' => (x >= lo && x <= hi ? 'same' : compareNumbers((lo + hi) / 2, x, { close: 0.25 }));
    return {
      sections: [{
        title: 'Search speed and pruning (depth 6)',
        rows: [
          { what: 'positions a second', paper: '55,000-100,000 (a 2005 PC)', ours: `${rate704.toFixed(1)} of 704 time; ${rateWall.toFixed(0)} of wall time (the emulator)`, verdict: 'differs', note: `a 1950s machine: 12 µs a cycle, ${Math.round(1 / rate704 / 12e-6)} cycles a position with the 25 features` },
          { what: 'depth-6 search, average', paper: '40-200 ms', ours: `${(deep.seconds704 / count).toFixed(0)} s of 704 time; ${((1000 * wall) / count).toFixed(0)} ms wall`, verdict: 'differs', note: 'the paper averages whole games, endgames included; ours opening positions (ACF ballots)' },
          { what: 'positions per depth-6 search', paper: 'not given', ours: n.toFixed(0), verdict: 'same', note: 'for the record' },
          { what: 'average branching factor b (depth-1 searches)', paper: 'not given', ours: b.toFixed(2), verdict: 'same', note: 'for the record' },
          { what: 'pruning efficiency 1 - n/s at depth 6', paper: '0.7-0.85', ours: eff.toFixed(3), verdict: inRange(eff, 0.7, 0.85), note: 's = 1 + b + ... + b^6 with b measured here' },
        ],
      }],
      pictures: [],
      notes: [
        `${count} positions after ACF three-move ballots (seed ${ctx.seeds[0] ?? 1}), Black or White to move, searched by the 704 with a fixed 25F specimen (material first).`,
        'The paper does not say which branching factor it used for s; ours is measured on the same positions by the 704 (depth-1 searches).',
        'Wall time is this machine running the emulator in one thread; `npm run bench` reports the same per core.',
      ],
      emulatedSeconds: deep.seconds704 + shallow.seconds704,
    };
  },
};
