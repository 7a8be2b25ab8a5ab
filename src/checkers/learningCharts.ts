// The pictures of generalization learning over a session (Samuel 1959, Fig. 4: the coefficients
// of the leading terms as learning went on; and Alpha's results), as scenes and series for the
// report, `learning plot` and the terminal. The figures are the 704's: the table it prints after
// each learning game (docs/checkers-learning.md, "Printer lines"), kept in the journal.

import { blockSize, countBlocks, blockLabel, linesScene, stackedBarsScene, type Series, type Tick } from './charts.ts';
import type { JournalGame } from './journal.ts';
import { coefficient, signedCorrelation, type LearnTerm } from './learnPrint.ts';
import type { Scene } from '../pictures/scene.ts';

export const PALETTE = ['#c0392b', '#2c7fb8', '#27ae60', '#8e44ad', '#d35400', '#16a085', '#7f8c8d', '#b7950b'];
export const ALPHA_COLOURS = { won: '#6b8e4e', lost: '#c0392b', drawn: '#7a9cc8' };

/** The session's learning games: those with Alpha's verdict printed. */
export const learningGames = (games: readonly JournalGame[]): JournalGame[] => games.filter((g) => g.learning?.alphaResult);

/**
 * The coefficient on a scale of powers of two, as Samuel's coefficients are (±2^p): ±(p + 1),
 * so 0 stays 0 and 2^0 is 1 away from it.
 */
export const coefficientLevel = (t: LearnTerm): number => (t.sign === null || t.power === null ? 0 : (t.sign === '-' ? -1 : 1) * (t.power + 1));

/** Ticks ±2^p of that scale, every `step` powers, up to the largest power printed. */
function powerTicks(games: readonly JournalGame[]): Tick[] {
  const top = Math.max(0, ...games.flatMap((g) => g.learning!.terms.map((t) => t.power ?? 0)));
  const step = Math.max(1, Math.ceil((top + 1) / 4));
  const ticks: Tick[] = [{ value: 0, label: '0' }];
  for (let p = top; p >= 0; p -= step) ticks.push({ value: p + 1, label: `2^${p}` }, { value: -(p + 1), label: `-2^${p}` });
  return ticks;
}

export interface TermCurves {
  series: Series[];
  /** Where each game's point goes: the game's number, or the plies played up to its end. */
  x: number[];
  xName: string;
  yTicks?: Tick[];
  tip: (s: Series, i: number) => string;
}

export type Measure = 'coefficients' | 'correlations';
export type Along = 'games' | 'plies';

/**
 * The leading terms after the last learning game (up to `count`), each a curve over the learning
 * games: its coefficient (powers-of-two scale) or its signed correlation; 0 when not in a game's table.
 */
export function termCurves(games: readonly JournalGame[], measure: Measure, along: Along, count = 6): TermCurves {
  const value = measure === 'coefficients' ? coefficientLevel : signedCorrelation;
  const shown = (t: LearnTerm): string => (measure === 'coefficients' ? (coefficient(t) === 0 ? '0' : `${t.sign}2^${t.power}`) : signedCorrelation(t).toFixed(2));
  const last = games[games.length - 1]?.learning?.terms ?? [];
  const series = last.slice(0, count).map((t, i) => ({
    name: t.name, color: PALETTE[i % PALETTE.length]!,
    values: games.map((g) => {
      const x = g.learning!.terms.find((u) => u.name === t.name);
      return x ? value(x) : 0;
    }),
  }));
  let plies = 0;
  const x = along === 'games' ? games.map((g) => g.learning!.game ?? g.round) : games.map((g) => (plies += g.moves.length));
  const tip = (s: Series, i: number): string => {
    const g = games[i]!;
    const t = g.learning!.terms.find((u) => u.name === s.name);
    return `learning game ${g.learning!.game}${along === 'plies' ? ` (${x[i]} plies)` : ''}: ${s.name} ${t ? shown(t) : 'not among the 12 leading terms'}`;
  };
  return { series, x, xName: along === 'games' ? 'learning games' : 'plies played', yTicks: measure === 'coefficients' ? powerTicks(games) : undefined, tip };
}

export const termScene = (games: readonly JournalGame[], measure: Measure, along: Along): Scene => {
  const c = termCurves(games, measure, along);
  return linesScene(c.series, measure === 'coefficients' ? 'coefficients of the leading terms' : 'correlation coefficients of the leading terms', c);
};

/** Alpha's verdicts counted in blocks of about a tenth of the learning games. */
export function alphaBlocks(games: readonly JournalGame[]) {
  return countBlocks(games.map((g) => g.learning!.alphaResult), blockSize(games.length), ['won', 'lost', 'drawn']);
}

export function alphaScene(games: readonly JournalGame[]): Scene {
  const blocks = alphaBlocks(games);
  const names = ['Alpha won', 'Alpha lost', 'drawn'];
  const colours = [ALPHA_COLOURS.won, ALPHA_COLOURS.lost, ALPHA_COLOURS.drawn];
  return stackedBarsScene(blocks.map(blockLabel), names.map((name, i) => ({ name, values: blocks.map((b) => b.counts[i]!), color: colours[i]! })), "Alpha's results per block of learning games");
}
