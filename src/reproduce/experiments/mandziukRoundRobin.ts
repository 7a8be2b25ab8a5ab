// Mańdziuk et al. (2007), section 7.2.1 and Fig. 6: a checkers round robin of 15 evolved heuristics,
// 10 games a pair with the colours swapped, depth 6 (1,050 games), standings by games and by
// 10-game matches; HG:E3Ph first in both, the top five all HG, SHG:5Ph below the top ten. Ours:
// the same heuristics evolved from scratch by `evolve` (HG x 8, SHG x 7), then the tournament, every
// game the 704's. --quick: five heuristics evolved for seconds, 2 games a pair at depth 2.

import { stackedBarsScene } from '../../host/charts.ts';
import { PAPER_HEURISTICS, evolutionPictures, evolvedPlayers, type EvolveSpec } from '../../mandziuk/runs.ts';
import { allCores, playAll } from '../../tournament/pool.ts';
import { schedule } from '../../tournament/schedule.ts';
import { ranked, standings } from '../../tournament/standings.ts';
import type { Experiment, Outcome, Row } from '../experiment.ts';

const QUICK: EvolveSpec[] = [{ generator: 'hg', heuristic: '8F' }, { generator: 'hg', heuristic: '3PH' }, { generator: 'hg', heuristic: 'E3PH' }, { generator: 'shg', heuristic: '8F' }, { generator: 'shg', heuristic: '3PH' }];

export const mandziukRoundRobin: Experiment = {
  name: 'mandziuk-roundrobin',
  title: 'Checkers round robin of 15 evolved heuristics (HG and SHG), 1,050 games at depth 6',
  source: 'Mańdziuk, Kusiak, Walędzik (2007), section 7.2.1, Fig. 6 (a) and (b)',
  expected: 'about 1.5 days on a quiet 2-core machine (from CPU-seconds measured a board and a game): 8 HG runs of about 1.25 h (23,500 boards scored at depth 6, 0.38 CPU-s each), 7 SHG runs (24,000 games each: about 1 h at depth 3, 4 h at depth 4), 1,050 games at depth 6 in about 1 h; several times that on a loaded machine; the evolutions resume',
  expectedQuick: '10 s (5 heuristics evolved for seconds, 20 games at depth 2; 6 s in session 14)',
  defaultSeeds: [1],
  async run(ctx): Promise<Outcome> {
    const seed = ctx.seeds[0] ?? 1;
    const specs = ctx.quick ? QUICK : PAPER_HEURISTICS;
    const depth = ctx.quick ? 2 : 6;
    const players = await evolvedPlayers(specs, ctx, { giveaway: false, depth });
    const games = ctx.quick ? 2 : 10;
    const jobs = schedule(players, { format: 'round-robin', games, ballots: [], seed, giveaway: false });
    ctx.log(`round robin: ${jobs.length} games at depth ${depth}`);
    const records = await playAll(jobs, { workers: allCores() });
    const names = players.map((p) => p.name);
    const s = standings(players.length, jobs, records);
    const byGames = ranked(s.table, 'games').map((r) => names[r.player]!);
    const byClashes = ranked(s.table, 'clashes').map((r) => names[r.player]!);
    const top = Math.min(5, specs.filter((e) => e.generator === 'hg').length);
    const hgTop = (order: string[]): number => order.slice(0, top).filter((n) => n.startsWith('HG:')).length;
    const rows: Row[] = [
      { what: 'first by games', paper: 'HG:E3PH', ours: byGames[0]!, verdict: byGames[0] === 'HG:E3PH' ? 'same' : 'differs' },
      { what: 'first by 10-game matches', paper: 'HG:E3PH', ours: byClashes[0]!, verdict: byClashes[0] === 'HG:E3PH' ? 'same' : 'differs' },
      { what: `HG heuristics among the top ${top} (by games)`, paper: `${top} of ${top}`, ours: `${hgTop(byGames)} of ${top}`, verdict: hgTop(byGames) === top ? 'same' : hgTop(byGames) >= top - 1 ? 'close' : 'differs' },
      { what: `HG heuristics among the top ${top} (by matches)`, paper: `${top} of ${top}`, ours: `${hgTop(byClashes)} of ${top}`, verdict: hgTop(byClashes) === top ? 'same' : hgTop(byClashes) >= top - 1 ? 'close' : 'differs' },
      ...(ctx.quick ? [] : [{ what: 'SHG:5PH place (by games)', paper: 'below 10th', ours: String(byGames.indexOf('SHG:5PH') + 1), verdict: byGames.indexOf('SHG:5PH') >= 10 ? 'same' as const : 'differs' as const }]),
    ];
    const table = ranked(s.table, 'games');
    const chart = stackedBarsScene(table.map((r) => names[r.player]!), [
      { name: 'won', values: table.map((r) => r.won), color: '#2a7' }, { name: 'drawn', values: table.map((r) => r.drawn), color: '#bbb' }, { name: 'lost', values: table.map((r) => r.lost), color: '#c44' },
    ], 'round robin: games won, drawn, lost');
    return {
      sections: [
        { title: 'Standings (Fig. 6)', rows },
        { title: 'Our standings by games', rows: table.map((r, i) => ({ what: `${i + 1}. ${names[r.player]}`, paper: '-', ours: `${r.points} of ${r.games} (${((100 * r.points) / r.games).toFixed(1)}%), matches ${r.clashes.points}`, verdict: 'same' as const, note: 'Fig. 6 is lost; for the record' })) },
      ],
      pictures: [{ name: 'roundrobin', caption: 'Round robin standings by games (won, drawn, lost)', scene: chart }, ...evolutionPictures(ctx.workDir, specs, false)],
      notes: [
        ctx.quick
          ? 'Quick run: five heuristics evolved for seconds (HG: 20 specimens, 16 boards a phase scored at depth 1; SHG: 6 specimens, 4 crossbreedings at depth 1) and 2 games a pair at depth 2 - a check that the whole chain runs, not the paper\'s figures.'
          : "Full run: the paper's parameters (docs/mandziuk.md); the paper's own heuristics are not published, ours are evolved from scratch.",
        'Games start from the standard position; the randomness is the 704\'s seeded order among equal moves, each game its own seed.',
      ],
      emulatedSeconds: records.reduce((a, r) => a + r.seconds704, 0),
    };
  },
};
