// Mańdziuk et al. (2007), section 7.1.1, Fig. 4 and the conclusions: give-away checkers, each
// evolved heuristic (depth 6) in 40 games (20 as White, 20 as Black) against TD-GAC (Osman and
// Mańdziuk's give-away program, a linear evaluation over "the set of features following Samuel's
// checkers approach" learned by temporal differences, learning off, depth 4). The paper: most
// heuristics won often and lost little; nonlinear (E3Ph, 3Ph) beat linear, HG beat SHG, 5Ph did
// poorly; the three winners were HG:E3Ph, HG:3Ph and HG:10F. Fig. 4's values are lost.
//
// The stand-in (docs/mandziuk.md): TD-GAC itself is not available; its nearest relative in our
// system is Samuel's own program learning give-away checkers by generalization - Samuel's method is
// the ancestor of TD learning (a linear polynomial over Samuel's terms pulled toward the backed-up
// score of a deeper look), trained on the 704 in self-play: series 1 then series 2, as Samuel ran
// them, then Alpha's polynomial with learning off (`*LEARN USE`) on a 704 of its own, searching as
// Samuel's program does (3 plies and on through exchanges; TD-GAC searched 4). --quick: two
// heuristics evolved for seconds at depth 2, 4 games each, the stand-in trained for 3 games.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runSeries, termOrder } from '../../checkers/learning/series.ts';
import { untrainedState, writeLearningTape } from '../../checkers/learning/learningTape.ts';
import { stackedBarsScene } from '../../host/charts.ts';
import { PAPER_HEURISTICS, evolutionPictures, evolvedPlayers, type EvolveSpec } from '../../mandziuk/runs.ts';
import { Rng } from '../../evolve/ga.ts';
import type { GameJob } from '../../tournament/game.ts';
import type { Player } from '../../tournament/players.ts';
import { allCores, playAll } from '../../tournament/pool.ts';
import { START_FEN } from '../../tournament/schedule.ts';
import type { Experiment, Outcome, Row, Verdict } from '../experiment.ts';

const QUICK: EvolveSpec[] = [{ generator: 'hg', heuristic: '8F' }, { generator: 'shg', heuristic: '8F' }];
const WINNERS = ['HG:E3PH', 'HG:3PH', 'HG:10F'];

/** The stand-in's polynomial: give-away self-play learning, series 1 then 2 (`games` each); a tape in `dir`, made once. */
async function standIn(dir: string, seed: number, games: number, log: (l: string) => void): Promise<{ tape: string; seconds704: number }> {
  const tape = join(dir, `tdgac-standin-seed-${seed}.tap`);
  if (existsSync(tape)) {
    log(`the TD-GAC stand-in: ${tape} (made before)`);
    return { tape, seconds704: 0 };
  }
  const t0 = performance.now();
  const onGame = (series: number) => (g: number, s: { verdict: string | null }): void => log(`stand-in, series ${series}: game ${g}/${games} ${s.verdict ?? ''}`);
  const first = await runSeries({ series: 1, games, start: untrainedState(termOrder(seed)), giveaway: true, onGame: onGame(1) });
  const second = await runSeries({ series: 2, games, start: first.final, reset: true, giveaway: true, onGame: onGame(2) });
  writeLearningTape(tape, second.final);
  log(`the TD-GAC stand-in learned in ${((performance.now() - t0) / 1000).toFixed(0)} s wall`);
  return { tape, seconds704: first.seconds704 + second.seconds704 };
}

export const mandziukTdgac: Experiment = {
  name: 'mandziuk-tdgac',
  title: "Give-away checkers: evolved heuristics against TD-GAC, 40 games each (stand-in: Samuel's learning on give-away)",
  source: 'Mańdziuk, Kusiak, Walędzik (2007), section 7.1.1, Fig. 4, conclusions',
  expected: 'about 1.5 days on a quiet 2-core machine (from CPU-seconds measured): the 15 give-away evolutions (about 33 h; made again, not shared with mandziuk-null), the stand-in\'s 56 learning games (about 10 min), 600 games at depth 6 (about 2.5 h); several times that on a loaded machine; the evolutions resume',
  expectedQuick: '10 s (2 heuristics evolved for seconds, the stand-in trained for 3 + 3 games, 4 games each at depth 2; 5 s in session 14)',
  defaultSeeds: [1],
  async run(ctx): Promise<Outcome> {
    const seed = ctx.seeds[0] ?? 1;
    const specs = ctx.quick ? QUICK : PAPER_HEURISTICS;
    const [depth, games, training] = ctx.quick ? [2, 4, 3] : [6, 40, 28];
    const { tape, seconds704: learning704 } = await standIn(ctx.workDir, seed, training, ctx.log);
    const tdgac: Player = { kind: 'samuel', name: 'TD-GAC stand-in', learning: tape };
    const evolved = await evolvedPlayers(specs, ctx, { giveaway: true, depth });
    const rng = new Rng(seed);
    const standInSeat = evolved.length; // the players' list: the heuristics, then the stand-in
    const jobs: GameJob[] = evolved.flatMap((h, i) => Array.from({ length: games }, (_, k) => {
      const [black, white] = k % 2 === 0 ? [h, tdgac] : [tdgac, h];
      return { index: i * games + k, black, white, seats: (k % 2 === 0 ? [i, standInSeat] : [standInSeat, i]) as [number, number], fen: START_FEN, opening: 'start', seed: rng.seed(), giveaway: true };
    }));
    ctx.log(`${jobs.length} games against the stand-in, the heuristics at depth ${depth}`);
    const records = await playAll(jobs, { workers: allCores() });
    const tally = evolved.map(() => ({ won: 0, drawn: 0, lost: 0 }));
    for (const r of records) {
      const job = jobs[r.index]!;
      const hSide = job.seats[0] === standInSeat ? 'white' : 'black';
      const t = tally[hSide === 'white' ? job.seats[1] : job.seats[0]]!;
      if (r.winner === null) t.drawn++;
      else if (r.winner === hSide) t.won++;
      else t.lost++;
    }
    const score = tally.map((t) => (t.won + t.drawn / 2) / games);
    const names = evolved.map((h) => h.name);
    const order = names.map((_, i) => i).sort((a, b) => score[b]! - score[a]!);
    const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
    const mean = (pick: (n: string) => boolean): number => {
      const xs = names.flatMap((n, i) => (pick(n) ? [score[i]!] : []));
      return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN;
    };
    const nonlinear = (n: string): boolean => /PH$/.test(n);
    const better = (a: number, b: number): Verdict => (Number.isNaN(a) || Number.isNaN(b) ? 'differs' : a > b ? 'same' : 'differs');
    const winning = tally.filter((t) => t.won > t.lost).length;
    const top3 = order.slice(0, 3).map((i) => names[i]!);
    const rows: Row[] = [
      { what: 'heuristics with more wins than losses', paper: 'most ("frequent wins and few losses")', ours: `${winning} of ${names.length}`, verdict: winning > names.length / 2 ? 'same' : winning >= names.length / 3 ? 'close' : 'differs' },
      { what: 'HG against SHG (mean score)', paper: 'HG better', ours: `HG ${pct(mean((n) => n.startsWith('HG:')))}, SHG ${pct(mean((n) => n.startsWith('SHG:')))}`, verdict: better(mean((n) => n.startsWith('HG:')), mean((n) => n.startsWith('SHG:'))) },
      ...(ctx.quick ? [] : [
        { what: 'nonlinear (3Ph, 5Ph, E3Ph) against linear (mean score)', paper: 'nonlinear better', ours: `nonlinear ${pct(mean(nonlinear))}, linear ${pct(mean((n) => !nonlinear(n)))}`, verdict: better(mean(nonlinear), mean((n) => !nonlinear(n))) },
        { what: 'the three best', paper: WINNERS.join(', '), ours: top3.join(', '), verdict: (top3.filter((n) => WINNERS.includes(n)).length === 3 ? 'same' : top3.some((n) => WINNERS.includes(n)) ? 'close' : 'differs') as Verdict },
        { what: '5Ph (HG and SHG) places', paper: 'poor', ours: ['HG:5PH', 'SHG:5PH'].map((n) => `${n} ${order.indexOf(names.indexOf(n)) + 1}.`).join(', '), verdict: (['HG:5PH', 'SHG:5PH'].every((n) => order.indexOf(names.indexOf(n)) >= names.length / 2) ? 'same' : 'differs') as Verdict },
      ]),
    ];
    const chart = stackedBarsScene(order.map((i) => names[i]!), [
      { name: 'won', values: order.map((i) => tally[i]!.won), color: '#2a7' }, { name: 'drawn', values: order.map((i) => tally[i]!.drawn), color: '#bbb' }, { name: 'lost', values: order.map((i) => tally[i]!.lost), color: '#c44' },
    ], `against the TD-GAC stand-in: ${games} games each`);
    return {
      sections: [
        { title: 'Against TD-GAC (Fig. 4; its values are lost)', rows },
        { title: 'Each heuristic', rows: order.map((i, k) => ({ what: `${k + 1}. ${names[i]}`, paper: 'Fig. 4 lost', ours: `${pct(score[i]!)} (${tally[i]!.won} won, ${tally[i]!.drawn} drawn, ${tally[i]!.lost} lost)`, verdict: 'same' as const, note: 'for the record' })) },
      ],
      pictures: [{ name: 'tdgac', caption: 'Each heuristic against the TD-GAC stand-in (won, drawn, lost)', scene: chart }, ...evolutionPictures(ctx.workDir, specs, true)],
      notes: [
        "The stand-in for TD-GAC: Samuel's program learning give-away checkers by generalization in self-play on the 704 (series 1, then series 2 from its terms with the weights forgotten), then Alpha's polynomial with learning off on a 704 of its own, its moves relayed to the game's 704. TD-GAC is a linear evaluation over Samuel-style features learned by temporal differences; Samuel's learning is the method TD learning grew from, over Samuel's own terms. It differs: Samuel's correlation-coefficient rule instead of TD(lambda)'s gradient step, self-play instead of TD-GAC's three trainers, and Samuel's search (3 plies and on through exchanges) instead of alpha-beta to 4.",
        ctx.quick
          ? 'Quick run: two heuristics evolved for seconds, 4 games each at depth 2, the stand-in trained for 3 + 3 games - a check of the chain, not the paper\'s figures.'
          : `Full run: the paper's parameters; 40 games a heuristic from the start, colours alternating, each game its own seed for the heuristic's order among equal moves (Samuel's program has no randomness). The stand-in learned for ${training} + ${training} games.`,
        'Games that reach 140 plies are draws for both 704s: the stand-in\'s 704 is told of a heuristic on the other colour, which sets its game limit to 140 plies as the paper\'s ties (its moves for that colour come as cards, so that heuristic is never used).',
      ],
      emulatedSeconds: learning704 + records.reduce((a, r) => a + r.seconds704, 0),
    };
  },
};
