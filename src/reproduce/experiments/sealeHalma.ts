// Seale (1990), Appendix C (halma coefficients): his learner on halma from the start vector - 30
// learning games on the 704 (asm/halma/, docs/halma.md), Alpha's 15 coefficients after each beside
// his table, the games after which a coefficient was zeroed, and the clamp. His board size for the
// table is not given; ours is 6 by 6 (a game in about 2 s).

import { linesScene } from '../../host/charts.ts';
import { halmaScene } from '../../halma/board.ts';
import { halmaSelfPlay, type HalmaGame } from '../../halma/selfplay.ts';
import { HALMA_NAMES, SEALE_HALMA, SEALE_HALMA_ZEROED, SEALE_START } from '../../seale/tables.ts';
import type { Experiment, Outcome, Row } from '../experiment.ts';
import { compareNumbers, compareSets } from '../verdict.ts';
import { atClamp, meanAbs, meanDiff } from './sealeCheckers.ts';

const GAMES = 30;
const SIZE = 6;

const resultText = (r: string): string => ({ won: 'Alpha won', lost: 'Alpha lost', drawn: 'draw' }[r] ?? r);

export function sealeHalmaOutcome(start: number[], games: HalmaGame[]): Outcome {
  const ours = games.map((g) => g.coefficients);
  const start15 = SEALE_START.slice(0, 15);
  const perGame: Row[] = ours.map((row, g) => {
    const d = meanDiff(row, SEALE_HALMA[g]!);
    return {
      what: `after game ${g + 1} (Alpha side ${games[g]!.alphaSide}, ${resultText(games[g]!.result)})`,
      paper: SEALE_HALMA[g]!.join(' '), ours: row.join(' '), verdict: d === 0 ? 'same' : d <= 8 ? 'close' : 'differs',
      note: `mean |difference| ${d.toFixed(1)}`,
    };
  });
  const ourZeroed = games.flatMap((g) => (g.zeroed !== null ? [g.game] : []));
  const losses = games.filter((g) => g.result === 'lost').length;
  const rules: Row[] = [
    { what: 'games after which a coefficient was zeroed', paper: SEALE_HALMA_ZEROED.join(', '), ours: ourZeroed.join(', ') || 'none', verdict: compareSets(SEALE_HALMA_ZEROED, ourZeroed) },
    { what: 'how many zeroings', paper: String(SEALE_HALMA_ZEROED.length), ours: String(ourZeroed.length), verdict: compareNumbers(SEALE_HALMA_ZEROED.length, ourZeroed.length, { close: 0.4 }) },
    { what: 'zeroed parameters', paper: 'NW jumps, row pairs, NE blockage, column pairs, W jumps', ours: games.flatMap((g) => (g.zeroed ? [HALMA_NAMES[g.zeroed - 1]!] : [])).join(', ') || 'none', verdict: 'differs', note: 'the largest |coefficient| at the time' },
    { what: 'Alpha losses (paper: at least two per zeroing)', paper: `>= ${2 * SEALE_HALMA_ZEROED.length}`, ours: String(losses), verdict: losses >= 2 * SEALE_HALMA_ZEROED.length ? 'same' : compareNumbers(10, losses, { close: 0.4 }) },
    { what: 'table entries at the clamp +-40 (30 games x 15)', paper: String(atClamp(SEALE_HALMA)), ours: String(atClamp(ours)), verdict: compareNumbers(atClamp(SEALE_HALMA), atClamp(ours), { close: 0.5 }) },
    { what: 'clamp hits counted by the 704', paper: 'not printed', ours: String(games.at(-1)?.clampHits ?? 0), verdict: 'same', note: 'no paper figure; shown for the record' },
    { what: 'mean |coefficient| after the last game', paper: meanAbs(SEALE_HALMA.at(-1)!).toFixed(1), ours: meanAbs(ours.at(-1) ?? []).toFixed(1), verdict: compareNumbers(meanAbs(SEALE_HALMA.at(-1)!), meanAbs(ours.at(-1) ?? []), { close: 0.3 }) },
  ];
  const series = (rows: readonly (readonly number[])[], j: number) => rows.map((r) => r[j]!);
  const pictures = [
    ...[0, 1, 3, 13].map((j) => ({
      name: `halma-coefficient-${j + 1}`,
      caption: `${HALMA_NAMES[j]}: Seale's Alpha coefficient over the 30 games beside ours`,
      scene: linesScene([
        { name: 'Seale', values: [start15[j]!, ...series(SEALE_HALMA, j)], color: '#555555' },
        { name: '704', values: [start[j] ?? 0, ...series(ours, j)], color: '#c0392b' },
      ], `${HALMA_NAMES[j]} coefficient, game 0 to 30`, { x: [...Array(games.length + 1).keys()] }),
    })),
    ...(games.length ? [{ name: 'halma-last-game', caption: `the last game's final position (${games.at(-1)!.reason.toLowerCase()})`, scene: halmaScene(games.at(-1)!.board) }] : []),
  ];
  return {
    sections: [
      { title: 'New coefficients (Appendix C, halma)', rows: [{ what: 'initial coefficients (rand() seeded 2, 15 parameters)', paper: start15.join(' '), ours: start.join(' '), verdict: start.join() === start15.join() ? 'same' : 'differs' }] },
      { title: "Alpha's coefficients after each game (Appendix C; his 15 halma parameters)", rows: perGame },
      { title: 'Two-losses rule and clamp', rows: rules },
    ],
    pictures,
    notes: [
      `Board ${SIZE} by ${SIZE}, camps of 6 (docs/halma.md); depth 2, width 8, jumps extending the search at most 2 plies further (his recur's rule; the bound is ours). His table's board size, search depth, width and drive-to-win weighting are not printed.`,
      `By side: side 1 (moves first) won ${games.filter((g) => g.winner === 1).length}, side 2 won ${games.filter((g) => g.winner === 2).length}. Alpha changes side every game, so when one side wins whoever plays it, Alpha never loses two running and nothing is zeroed; the thesis does not say which side his Alpha played.`,
      `Alpha won ${games.filter((g) => g.result === 'won').length}, lost ${losses}, drew ${games.filter((g) => g.result === 'drawn').length} of ${games.length}; games ended by the camp filled ${games.filter((g) => g.reason === 'CAMP FILLED').length}, the stall rule ${games.filter((g) => g.reason === 'STALL RULE').length}, the move limit ${games.filter((g) => g.reason === 'MOVE LIMIT').length}.`,
      'A row is close when the mean |difference| over the 15 coefficients is at most 8.',
    ],
    emulatedSeconds: games.reduce((s, g) => s + g.seconds704, 0),
  };
}

export const sealeHalma: Experiment = {
  name: 'seale-halma',
  title: "Seale's learner on halma: 30 learning games from his start vector",
  source: 'Seale (1990), Appendix C (halma coefficients)',
  expected: '3 s',
  expectedQuick: '1 s',
  defaultSeeds: [2],
  async run(ctx): Promise<Outcome> {
    const n = ctx.quick ? 6 : GAMES;
    if (ctx.seeds.some((s) => s !== 2)) ctx.log('seale-halma: only seed_sav 2 (his) is run');
    const t0 = performance.now();
    const run = await halmaSelfPlay({
      size: SIZE, games: n, learn: true,
      onGame: (g) => ctx.log(`game ${g.game}/${n}: ${g.reason.toLowerCase()}, Alpha ${g.result}${g.zeroed ? `, ${HALMA_NAMES[g.zeroed - 1]} zeroed` : ''} (${((performance.now() - t0) / 1000).toFixed(0)} s)`),
    });
    return sealeHalmaOutcome(run.start, run.games);
  },
};
