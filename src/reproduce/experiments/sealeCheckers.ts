// Seale (1990), Appendix C and section IV: his learner on checkers from the start vector - 20
// learning games, Alpha's coefficients after each beside his table, the games after which the
// two-losses rule zeroed a coefficient, the clamp at +-40, and his effectiveness test (Alpha after
// games 5, 10, 15, 20 against Beta's zeros, learning off). Every game is the 704's
// (src/seale/checkersRun.ts, docs/seale.md).

import { linesScene } from '../../host/charts.ts';
import { sealeLearningGames, sealeTestGame, type SealeGame } from '../../seale/checkersRun.ts';
import {
  SEALE_CHECKERS, SEALE_CHECKERS_NAMES, SEALE_CHECKERS_ZEROED, SEALE_EFFECTIVENESS, SEALE_START,
} from '../../seale/tables.ts';
import type { Experiment, Outcome, Row, Section } from '../experiment.ts';
import { compareNumbers, compareSets } from '../verdict.ts';

const GAMES = 20;

/** Mean |a - b| over the columns. */
export const meanDiff = (a: readonly number[], b: readonly number[]): number => a.reduce((s, v, i) => s + Math.abs(v - b[i]!), 0) / a.length;
export const meanAbs = (a: readonly number[]): number => a.reduce((s, v) => s + Math.abs(v), 0) / a.length;
/** Entries at the clamp (+-40) in a table of coefficient rows. */
export const atClamp = (rows: readonly (readonly number[])[]): number => rows.flat().filter((v) => Math.abs(v) === 40).length;
/** Games after which a coefficient of magnitude 10 or more became exactly 0 - how the thesis's table shows the rule. */
export function zeroedGames(start: readonly number[], rows: readonly (readonly number[])[]): number[] {
  return rows.flatMap((row, g) => (row.some((v, j) => v === 0 && Math.abs((g === 0 ? start : rows[g - 1]!)[j]!) >= 10) ? [g + 1] : []));
}

const resultText = (r: string): string => ({ won: 'Alpha won', lost: 'Alpha lost', drawn: 'draw' }[r] ?? r);

/** The comparison, from the learning games and the test games (exported for the tests). */
export function sealeCheckersOutcome(start: number[], games: SealeGame[], tests: SealeGame[]): Outcome {
  const ours = games.map((g) => g.coefficients);
  const startRow: Row = {
    what: 'initial coefficients (rand() seeded 2, max_coeff 40)', paper: SEALE_START.join(' '), ours: start.join(' '),
    verdict: start.join() === SEALE_START.join() ? 'same' : 'differs',
  };
  const perGame: Row[] = ours.map((row, g) => {
    const d = meanDiff(row, SEALE_CHECKERS[g]!);
    return {
      what: `after game ${g + 1} (Alpha ${games[g]!.alpha}, ${resultText(games[g]!.result)})`,
      paper: SEALE_CHECKERS[g]!.join(' '), ours: row.join(' '),
      verdict: d === 0 ? 'same' : d <= 8 ? 'close' : 'differs',
      note: `mean |difference| ${d.toFixed(1)}`,
    };
  });
  const ourZeroed = games.flatMap((g) => (g.zeroed !== null ? [g.game] : []));
  const paperLosses = 2 * SEALE_CHECKERS_ZEROED.length;
  const losses = games.filter((g) => g.result === 'lost').length;
  const rules: Row[] = [
    { what: 'games after which a coefficient was zeroed', paper: SEALE_CHECKERS_ZEROED.join(', '), ours: ourZeroed.join(', ') || 'none', verdict: compareSets(SEALE_CHECKERS_ZEROED, ourZeroed) },
    { what: 'how many zeroings', paper: String(SEALE_CHECKERS_ZEROED.length), ours: String(ourZeroed.length), verdict: compareNumbers(SEALE_CHECKERS_ZEROED.length, ourZeroed.length, { close: 0.4 }) },
    { what: 'zeroed parameters', paper: 'DYKE, OREO, BACK, GAP, HOLE', ours: games.flatMap((g) => (g.zeroed ? [SEALE_CHECKERS_NAMES[g.zeroed - 1]!] : [])).join(', ') || 'none', verdict: 'differs', note: 'the largest |coefficient| at the time; follows the trajectory' },
    { what: 'Alpha losses (paper: at least two per zeroing)', paper: `>= ${paperLosses}`, ours: String(losses), verdict: losses >= paperLosses ? 'same' : compareNumbers(paperLosses, losses, { close: 0.4 }) },
    { what: 'table entries at the clamp +-40 (20 games x 25)', paper: String(atClamp(SEALE_CHECKERS)), ours: String(atClamp(ours)), verdict: compareNumbers(atClamp(SEALE_CHECKERS), atClamp(ours), { close: 0.5 }) },
    { what: 'clamp hits counted by the 704 (a step cut to +-40)', paper: 'not printed', ours: String(games.at(-1)?.clampHits ?? 0), verdict: 'same', note: 'no paper figure; shown for the record' },
    { what: 'mean |coefficient| after the last game', paper: meanAbs(SEALE_CHECKERS.at(-1)!).toFixed(1), ours: meanAbs(ours.at(-1) ?? []).toFixed(1), verdict: compareNumbers(meanAbs(SEALE_CHECKERS.at(-1)!), meanAbs(ours.at(-1) ?? []), { close: 0.3 }) },
  ];
  const effectiveness: Row[] = SEALE_EFFECTIVENESS.map((e, i) => ({
    what: `Alpha after game ${e.after} against Beta's zeros`, paper: resultText(e.result), ours: tests[i] ? `${resultText(tests[i]!.result)} (${tests[i]!.reason.toLowerCase()})` : 'not run',
    verdict: tests[i]?.result === e.result ? 'same' : 'differs',
  }));
  const sections: Section[] = [
    { title: 'Initial coefficients (Appendix C)', rows: [startRow] },
    { title: "Alpha's coefficients after each game (Appendix C; 25 parameters in his order)", rows: perGame },
    { title: 'Two-losses rule and clamp', rows: rules },
    { title: 'Effectiveness test (section IV)', rows: effectiveness },
  ];
  const series = (rows: readonly (readonly number[])[], j: number) => rows.map((r) => r[j]!);
  const pictures = [0, 2, 8, 15, 16].map((j) => ({
    name: `coefficient-${SEALE_CHECKERS_NAMES[j]!.toLowerCase()}`,
    caption: `${SEALE_CHECKERS_NAMES[j]}: Seale's Alpha coefficient over the 20 games beside ours`,
    scene: linesScene([
      { name: 'Seale', values: [SEALE_START[j]!, ...series(SEALE_CHECKERS, j)], color: '#555555' },
      { name: '704', values: [start[j] ?? 0, ...series(ours, j)], color: '#c0392b' },
    ], `${SEALE_CHECKERS_NAMES[j]} coefficient, game 0 to 20`, { x: [...Array(GAMES + 1).keys()] }),
  }));
  const notes = [
    "The start vector is the 704's own rand() (ANSI C, seeded 2 from the learning tape's seed_sav), so it is his to the number; from the first game on the trajectories part, as his search, move order, depth and drive-to-win weights are not printed and ours are our choices (docs/seale.md).",
    'A row is close when the mean |difference| over the 25 coefficients is at most 8 (a tenth of the range -40..40).',
    `Alpha won ${games.filter((g) => g.result === 'won').length}, lost ${losses}, drew ${games.filter((g) => g.result === 'drawn').length} of ${games.length}; the thesis prints no record, only the zeroings (each two losses in a row).`,
    'Every game is played to the 704 program\'s end rules (no move, third repetition, or piece advantage at 70 moves); Seale does not give his.',
  ];
  return { sections, pictures, notes, emulatedSeconds: [...games, ...tests].reduce((s, g) => s + g.seconds704, 0) };
}

export const sealeCheckers: Experiment = {
  name: 'seale-checkers',
  title: "Seale's learner on checkers: 20 learning games from his start vector, and his effectiveness test",
  source: 'Seale (1990), Appendix C (checkers coefficients), section IV (effectiveness test)',
  expected: '2 s',
  expectedQuick: '1 s',
  defaultSeeds: [2],
  async run(ctx): Promise<Outcome> {
    const n = ctx.quick ? 5 : GAMES;
    if (ctx.seeds.some((s) => s !== 2)) ctx.log('seale-checkers: only seed_sav 2 (his) is run; the 704 program starts every new state from it');
    const t0 = performance.now();
    const run = await sealeLearningGames(n, (g) => ctx.log(`game ${g.game}/${n}: Alpha ${g.alpha} ${g.result}${g.zeroed ? `, ${SEALE_CHECKERS_NAMES[g.zeroed - 1]} zeroed` : ''} (${((performance.now() - t0) / 1000).toFixed(0)} s)`));
    const tests: SealeGame[] = [];
    for (const e of SEALE_EFFECTIVENESS) {
      const g = run.games[e.after - 1];
      if (!g) continue;
      const t = await sealeTestGame(g.tape);
      ctx.log(`test with Alpha after game ${e.after}: ${t.result}`);
      tests.push(t);
    }
    return sealeCheckersOutcome(run.start, run.games, tests);
  },
};
