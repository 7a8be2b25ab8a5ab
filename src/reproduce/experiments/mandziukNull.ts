// Mańdziuk et al. (2007), section 7.1.2, Fig. 5: give-away checkers, 15 evolved heuristics each in a
// 20-game match (colours swapped after each game) against the null heuristic (random order among
// moves, 0 at the depth limit) - both at depth 10: 9 of 15 scored at least 75%, none lost, the
// weakest 50%; heuristics at 6, null at 10: the null heuristic beat only 2 and drew 1, the other 12
// scored 55%-77.5%. Ours: the same, every game the 704's (asm/checkers/mandziuk.sap).
// --quick: two heuristics evolved for seconds, 4-game matches at depths 4/4 and 2/4.

import { PAPER_HEURISTICS, evolutionPictures, evolvedPlayers, match, type EvolveSpec } from '../../mandziuk/runs.ts';
import type { GameRecord } from '../../tournament/game.ts';
import type { Player } from '../../tournament/players.ts';
import { playAll } from '../../tournament/pool.ts';
import { START_FEN } from '../../tournament/schedule.ts';
import type { Experiment, Outcome } from '../experiment.ts';
import { compareNumbers } from '../verdict.ts';

const QUICK: EvolveSpec[] = [{ generator: 'hg', heuristic: '8F' }, { generator: 'shg', heuristic: '8F' }];

/**
 * The paper's null search (no cut-offs until a game's end is seen, `*MANDZ c NOCUT`) against ours
 * (a cut when alpha reaches beta): one give-away game from the start, the null heuristic at `depth`
 * against itself, played twice with the same seed, Black searching each way.
 */
async function nullSearches(depth: number, seed: number): Promise<{ ours: GameRecord; paper: GameRecord }> {
  const nul = (noCut: boolean): Player => ({ kind: 'null', name: 'null', depth, noCut });
  const game = async (noCut: boolean): Promise<GameRecord> =>
    (await playAll([{ index: 0, black: nul(noCut), white: nul(false), seats: [0, 1], fen: START_FEN, opening: 'start', seed, giveaway: true }], { workers: 0 }))[0]!;
  return { ours: await game(false), paper: await game(true) };
}

export const mandziukNull: Experiment = {
  name: 'mandziuk-null',
  title: 'Give-away checkers: evolved heuristics against the null heuristic, 20-game matches at depth 10/10 and 6/10',
  source: 'Mańdziuk, Kusiak, Walędzik (2007), section 7.1.2, Fig. 5',
  expected: 'about 2 days on a quiet 2-core machine (from CPU-seconds measured): the 15 give-away evolutions (about 33 h), 600 games, half of them with the heuristic at depth 10 (about 4.5 CPU-s a move, 360,000 positions; about 20 h); several times that on a loaded machine; the evolutions resume',
  expectedQuick: '10 s (2 heuristics evolved for seconds, 4-game matches at depths 4/4 and 2/4, one game of the paper\'s null search; 5 s in session 14)',
  defaultSeeds: [1],
  async run(ctx): Promise<Outcome> {
    const seed = ctx.seeds[0] ?? 1;
    const specs = ctx.quick ? QUICK : PAPER_HEURISTICS;
    const [deep, shallow, games] = ctx.quick ? [4, 2, 4] : [10, 6, 20];
    const evolved = await evolvedPlayers(specs, ctx, { giveaway: true, depth: deep });
    const nul: Player = { kind: 'null', name: 'null', depth: deep };
    const same: number[] = [];
    const weaker: number[] = [];
    for (const [i, h] of evolved.entries()) {
      ctx.log(`${h.name} against the null heuristic: ${games} games at ${deep}/${deep}, then ${shallow}/${deep}`);
      same.push((await match(h, nul, games, seed + 2 * i, true)).points / games);
      weaker.push((await match({ ...h, depth: shallow } as Player, nul, games, seed + 2 * i + 1, true)).points / games);
    }
    const searchDepth = ctx.quick ? 4 : 6;
    ctx.log(`the paper's null search against ours: a give-away game at depth ${searchDepth}, played both ways`);
    const searches = await nullSearches(searchDepth, seed);
    const blackNodes = (r: GameRecord): number => r.nodes.filter((_, i) => i % 2 === 0).reduce((a, b) => a + b, 0);
    const blackMoves = Math.ceil(searches.ours.moves.length / 2);
    const sameGame = searches.paper.moves.join(' ') === searches.ours.moves.join(' ');
    const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
    const n = evolved.length;
    const atLeast75 = same.filter((x) => x >= 0.75).length;
    const nullWins = weaker.filter((x) => x < 0.5).length;
    const nullDraws = weaker.filter((x) => x === 0.5).length;
    const rest = weaker.filter((x) => x > 0.5);
    return {
      sections: [
        {
          title: `Both at depth ${deep} (paper: 10)`,
          rows: [
            { what: 'heuristics scoring at least 75%', paper: '9 of 15', ours: `${atLeast75} of ${n}`, verdict: compareNumbers(9 / 15, atLeast75 / n, { close: 0.3 }) },
            { what: 'heuristics beaten by the null heuristic', paper: '0', ours: String(same.filter((x) => x < 0.5).length), verdict: same.every((x) => x >= 0.5) ? 'same' : 'differs' },
            { what: 'the weakest score', paper: '50%', ours: pct(Math.min(...same)), verdict: compareNumbers(0.5, Math.min(...same), { close: 0.2 }) },
          ],
        },
        {
          title: `Heuristic at ${shallow}, null at ${deep} (paper: 6 and 10)`,
          rows: [
            { what: 'heuristics the null heuristic beat', paper: '2 of 15', ours: `${nullWins} of ${n}`, verdict: compareNumbers(2 / 15, nullWins / n, { close: 0.5 }) },
            { what: 'matches drawn', paper: '1 of 15', ours: `${nullDraws} of ${n}`, verdict: compareNumbers(1 / 15, nullDraws / n, { close: 0.5 }) },
            { what: 'the others scored', paper: '55%-77.5%', ours: rest.length ? `${pct(Math.min(...rest))}-${pct(Math.max(...rest))}` : 'none', verdict: rest.length && Math.min(...rest) >= 0.55 && Math.max(...rest) <= 0.775 ? 'same' : 'differs' },
          ],
        },
        {
          title: `The null search without cut-offs (section 7.1.2), one give-away game at depth ${searchDepth}`,
          rows: [
            { what: 'the moves, with and without cut-offs on ties', paper: 'no cut-offs until a game end is seen', ours: sameGame ? `the same ${searches.ours.moves.length} plies` : 'different games', verdict: sameGame ? 'same' : 'differs', note: 'the same seed shuffles the root the same way; the values are the same' },
            { what: 'positions searched a move (null heuristic)', paper: 'not given', ours: `${Math.round(blackNodes(searches.ours) / blackMoves)} with cuts on ties, ${Math.round(blackNodes(searches.paper) / blackMoves)} without (${(blackNodes(searches.paper) / blackNodes(searches.ours)).toFixed(0)}x)`, verdict: 'same', note: 'for the record: why the matches use cuts on ties' },
          ],
        },
        { title: 'Each heuristic', rows: evolved.map((h, i) => ({ what: h.name, paper: 'Fig. 5 lost', ours: `${pct(same[i]!)} at ${deep}/${deep}, ${pct(weaker[i]!)} at ${shallow}/${deep}`, verdict: 'same' as const, note: 'for the record' })) },
      ],
      pictures: evolutionPictures(ctx.workDir, specs, true),
      notes: [
        ctx.quick ? 'Quick run: two heuristics evolved for seconds and short matches at shallow depths - a check of the chain, not the paper\'s figures.' : "Full run: the paper's parameters; our heuristics are evolved from scratch.",
        "Our alpha-beta cuts when alpha reaches beta, so with the null heuristic it prunes on ties; the paper says its null search made no cut-offs until a game end was seen. The values and the (random) choice among equal moves are the same either way, so the matches use cuts on ties; the paper's way is the switch `*MANDZ c NOCUT` (tournament player `null-nocut`), and the table above shows one game played both ways.",
      ],
    };
  },
};
