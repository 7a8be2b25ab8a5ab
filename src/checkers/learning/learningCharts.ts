// The pictures of generalization learning over a session (Samuel 1959, Fig. 4: the coefficients
// of the leading terms as learning went on; and Alpha's results), as scenes and series for the
// report, `learning plot` and the terminal. The figures are the 704's: the table it prints after
// each learning game (docs/checkers-learning.md, "Printer lines"), kept in the journal.

import { blockSize, countBlocks, blockLabel, linesScene, stackedBarsScene, type Series, type Tick } from '../../host/charts.ts';
import type { JournalGame } from '../selfplay/journal.ts';
import { coefficient, signedCorrelation, type LearnTerm } from './learnPrint.ts';
import type { Scene } from '../../pictures/scene.ts';

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
export type Along = 'games' | 'plies' | 'moves';

/** One printed table on the curves' horizontal axis. */
interface Snapshot {
  x: number;
  game: JournalGame;
  terms: LearnTerm[];
  /** Alpha's move in the game for a table printed at an interval, null for the game's end. */
  move: number | null;
}

/** Alpha's moves in a game: every other ply, starting with the first if Alpha moved first. */
const alphaMoves = (g: JournalGame): number => (g.first === g.learning!.alpha ? Math.ceil(g.moves.length / 2) : Math.floor(g.moves.length / 2));

/**
 * The tables to draw, in order: each game's final table, at the game's number, at the plies played
 * to its end, or (`moves`) at Alpha's moves so far, with the tables printed at intervals during the
 * game (`*LEARN PRINT n`) before it.
 */
function snapshots(games: readonly JournalGame[], along: Along): Snapshot[] {
  let plies = 0;
  let moves = 0;
  return games.flatMap((g) => {
    const before = moves;
    plies += g.moves.length;
    moves += alphaMoves(g);
    const end: Snapshot = { x: along === 'games' ? (g.learning!.game ?? g.round) : along === 'plies' ? plies : moves, game: g, terms: g.learning!.terms, move: null };
    if (along !== 'moves') return [end];
    return [...(g.learning!.during ?? []).map((d) => ({ x: before + d.move, game: g, terms: d.terms, move: d.move })), end];
  });
}

/**
 * The leading terms after the last learning game (up to `count`), each a curve over the printed
 * tables: its coefficient (powers-of-two scale) or its signed correlation; 0 when not in a table.
 */
export function termCurves(games: readonly JournalGame[], measure: Measure, along: Along, count = 6): TermCurves {
  const value = measure === 'coefficients' ? coefficientLevel : signedCorrelation;
  const shown = (t: LearnTerm): string => (measure === 'coefficients' ? (coefficient(t) === 0 ? '0' : `${t.sign}2^${t.power}`) : signedCorrelation(t).toFixed(2));
  const points = snapshots(games, along);
  const last = games[games.length - 1]?.learning?.terms ?? [];
  const series = last.slice(0, count).map((t, i) => ({
    name: t.name, color: PALETTE[i % PALETTE.length]!,
    values: points.map((p) => {
      const x = p.terms.find((u) => u.name === t.name);
      return x ? value(x) : 0;
    }),
  }));
  const tip = (s: Series, i: number): string => {
    const p = points[i]!;
    const t = p.terms.find((u) => u.name === s.name);
    const where = along === 'plies' ? ` (${p.x} plies)` : along === 'moves' ? ` ${p.move === null ? 'end' : `move ${p.move}`} (Alpha's move ${p.x})` : '';
    return `learning game ${p.game.learning!.game}${where}: ${s.name} ${t ? shown(t) : 'not among the 12 leading terms'}`;
  };
  const xName = { games: 'learning games', plies: 'plies played', moves: "Alpha's moves" }[along];
  return { series, x: points.map((p) => p.x), xName, yTicks: measure === 'coefficients' ? powerTicks(games) : undefined, tip };
}

export const termScene = (games: readonly JournalGame[], measure: Measure, along: Along): Scene => {
  const c = termCurves(games, measure, along);
  const [title, yName] = measure === 'coefficients' ? ["Alpha's coefficients of the leading terms", 'coefficient (±2^p)'] : ["Alpha's correlation coefficients of the leading terms", 'correlation'];
  return linesScene(c.series, title, { ...c, yName });
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
