// Mańdziuk et al. (2007), section 7.2.2: seven heuristics against Simple Checkers (M. Fierz) at
// exactly 6 plies, 50 games each: HG:E3Ph 1 win, 35 draws, 14 losses = 37%, the only one to win a
// game; SHG:15F 10%, HG:15F 9%. Simple Checkers is not ours to run: the stand-in is rapid-draughts
// (npm, alpha-beta with its own evaluation) at depth 6, relayed move by move to the 704.
// --quick: HG:E3Ph evolved for seconds, 4 games at depth 4 against rapid-draughts at 4.

import type { HeuristicName } from '../../mandziuk/heuristics.ts';
import { evolutionPictures, evolvedPlayer, match, type EvolveSpec } from '../../mandziuk/runs.ts';
import type { Player } from '../../tournament/players.ts';
import type { Experiment, Outcome, Row } from '../experiment.ts';
import { compareNumbers } from '../verdict.ts';

const FULL: [EvolveSpec, number | null][] = [
  [{ generator: 'hg', heuristic: 'E3PH' }, 0.37], [{ generator: 'hg', heuristic: '15F' }, 0.09], [{ generator: 'hg', heuristic: '25F' }, null],
  [{ generator: 'hg', heuristic: '19F' }, null], [{ generator: 'hg', heuristic: '10F' }, null], [{ generator: 'hg', heuristic: '3PH' }, null], [{ generator: 'shg', heuristic: '15F' as HeuristicName }, 0.1],
];

export const mandziukSimple: Experiment = {
  name: 'mandziuk-simple',
  title: 'Seven evolved heuristics against Simple Checkers at 6 plies, 50 games each (stand-in: rapid-draughts at depth 6)',
  source: 'Mańdziuk, Kusiak, Walędzik (2007), section 7.2.2',
  expected: 'about 12 h on a quiet 2-core machine (from CPU-seconds measured): 7 evolutions (6 HG of about 1.25 h, SHG:15F about 4 h), then 350 games at depth 6 in about 20 min; several times that on a loaded machine; the evolutions resume',
  expectedQuick: '5 s (HG:E3Ph evolved for seconds, 4 games at depth 4; 2 s in session 14)',
  defaultSeeds: [1],
  async run(ctx): Promise<Outcome> {
    const seed = ctx.seeds[0] ?? 1;
    const list = ctx.quick ? FULL.slice(0, 1) : FULL;
    const [depth, games] = ctx.quick ? [4, 4] : [6, 50];
    const rapid: Player = { kind: 'rapid', name: `rapid-draughts@${depth}`, depth };
    const rows: Row[] = [];
    for (const [i, [e, paper]] of list.entries()) {
      const h = await evolvedPlayer(e, { dir: ctx.workDir, seed, quick: ctx.quick, giveaway: false, depth, log: ctx.log });
      ctx.log(`${h.name} against ${rapid.name}: ${games} games`);
      const m = await match(h, rapid, games, seed + i, false);
      const w = m.records.filter((r, k) => r.winner !== null && (r.winner === 'black') === (k % 2 === 0)).length;
      const d = m.records.filter((r) => r.winner === null).length;
      rows.push({
        what: h.name, paper: paper === null ? 'lower than 9% (not given)' : `${(100 * paper).toFixed(0)}%${e.heuristic === 'E3PH' ? ' (1 win, 35 draws, 14 losses)' : ''}`,
        ours: `${((100 * m.points) / games).toFixed(1)}% (${w} won, ${d} drawn, ${games - w - d} lost)`,
        verdict: paper === null ? (m.points / games <= 0.09 ? 'same' : 'differs') : compareNumbers(paper, m.points / games, { close: 0.5 }),
      });
    }
    return {
      sections: [{ title: `Against the stand-in (rapid-draughts at depth ${depth})`, rows }],
      pictures: evolutionPictures(ctx.workDir, list.map(([e]) => e), false),
      notes: [
        'Simple Checkers is a Windows DLL we do not run; rapid-draughts (npm) searches the same fixed depth with its own evaluation, so the figures say how our evolved heuristics fare against a plain fixed-depth engine, not against Fierz\'s program.',
        ctx.quick ? 'Quick run: one heuristic evolved for seconds, 4 games at depth 4 - a check of the chain.' : "Full run: the paper's parameters; our heuristics are evolved from scratch.",
      ],
    };
  },
};
