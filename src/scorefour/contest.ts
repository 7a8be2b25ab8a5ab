// Broeker's contests (1989, section 4.1): 125 tournaments of two games, each on one coefficient
// vector of his 5x5x5 grid (INTERVAL, 2, 3, 4, 5 x INTERVAL per coefficient), each player moving
// first once; Fig. 8 scores each game, a tournament scores d = A1 - B1 + A2 - B2 (positive: the
// first-listed player is better), and the paired t statistic judges the contest. The 704 plays and
// learns; the host feeds the cards, reads the results and does the statistics.

import { pairedTest } from '../host/stats.ts';
import { runDeck, type Event } from './program/session.ts';
import { mountTrapsTape } from './trapsTape.ts';

/**
 * A contest player (Fig. 9): POLY with (A) or without (P) aggression, alone or below Stage 1's level-1
 * table (P1, A1) or level-1 and level-2 tables (P2, A2); unexperienced or after learning version A or
 * B; Stage 1 without POLY ("1", "2"); Stage 2 without or with aggression (S2, S2A).
 */
export interface Player {
  aggression: boolean;
  learn?: 'A' | 'B';
  /** Stage 1's level: 1 (level-1 table) or 2 (levels 1 and 2). */
  stage1?: 1 | 2;
  /** False: Stage 1 alone, no POLY below it (his "1" and "2"). */
  poly?: boolean;
  stage2?: boolean;
}

const PLAYER_CODES = 'P, A, P1, A1, P2, A2, each with .A or .B after learning; 1, 2 (Stage 1 without POLY); S2, S2A (Stage 2 without, with aggression)';

/** Broeker's Fig. 9 codes (PLAYER_CODES). */
export function parsePlayer(code: string): Player {
  const c = code.trim().toUpperCase();
  const s2 = /^S2(A?)$/.exec(c);
  if (s2) return { aggression: s2[1] === 'A', stage2: true };
  if (c === '1' || c === '2') return { aggression: false, stage1: Number(c) as 1 | 2, poly: false };
  const m = /^([PA])([12])?(?:\.([AB]))?$/.exec(c);
  if (!m) throw new Error(`player "${code}": not one of ${PLAYER_CODES}`);
  return { aggression: m[1] === 'A', ...(m[2] ? { stage1: Number(m[2]) as 1 | 2 } : {}), ...(m[3] ? { learn: m[3] as 'A' | 'B' } : {}) };
}

export function playerCode(p: Player): string {
  if (p.stage2) return p.aggression ? 'S2A' : 'S2';
  if (p.poly === false) return String(p.stage1);
  return `${p.aggression ? 'A' : 'P'}${p.stage1 ?? ''}${p.learn ? `.${p.learn}` : ''}`;
}

/** The grid step. Broeker's MAX_COEFF / 5 is in his own units; ours: 100, so coefficients 100-500 (docs/scorefour.md). */
export const INTERVAL = 100;

/** The 125 coefficient vectors, first coefficient slowest. */
export const GRID: number[][] = Array.from({ length: 125 }, (_, i) => [Math.floor(i / 25) + 1, (Math.floor(i / 5) % 5) + 1, (i % 5) + 1].map((k) => k * INTERVAL));

/** `n` of the 125 grid vectors, spread evenly over it (all of them for n = 125). */
export const gridSample = (n: number): number[][] => Array.from({ length: n }, (_, k) => GRID[Math.floor((k * 125) / n)]!);

/** Fig. 8: did not start and won 5, started and won 4, not started tied 3, started tied 2, not started lost 1, started lost 0. */
export function fig8(started: boolean, result: 'won' | 'tied' | 'lost'): number {
  const base = result === 'won' ? 4 : result === 'tied' ? 2 : 0;
  return base + (started ? 0 : 1);
}

/** How a side plays, apart from its coefficients. */
export type Heuristic = Pick<Player, 'aggression' | 'stage1' | 'poly' | 'stage2'>;

export const heuristicOf = (p: Player): Heuristic => ({ aggression: p.aggression, ...(p.stage1 ? { stage1: p.stage1 } : {}), ...(p.poly === false ? { poly: false } : {}), ...(p.stage2 ? { stage2: true } : {}) });

const onOff = (b: boolean | undefined): string => (b ? 'ON' : 'OFF');

/** The cards that set one side's coefficients and heuristic. */
export const settingCards = (side: 'X' | 'O', coef: readonly number[], h: Heuristic): string[] =>
  [`COEF ${side} ${coef.join(' ')}`, `AGGR ${side} ${onOff(h.aggression)}`, `STAGE2 ${side} ${onOff(h.stage2)}`, `STAGE1 ${side} ${h.stage1 ?? 0}`, `POLY ${side} ${onOff(h.poly !== false)}`];

export interface Learnt {
  coef: number[];
  series: number;
  games: number;
  /** Emulated 704 seconds. */
  seconds: number;
}

/** A deck run with the pattern table from the traps tape `traps` (only read), when one is given. */
const runWithTraps = (cards: string[], traps?: string): ReturnType<typeof runDeck> =>
  traps ? runDeck(['TRAPS TAPE', ...cards], (io) => mountTrapsTape(io, traps)) : runDeck(cards);

/** The 704 learns from `start` by version A or B (LEARN card), at most `series` series, both players with heuristic `h`. */
export function learnOnThe704(start: readonly number[], h: Heuristic, version: 'A' | 'B', series: number, step = 5, traps?: string): Learnt {
  const r = runWithTraps(['BOARD OFF', `STEP ${step}`, ...settingCards('X', start, h), `LEARN ${version} ${series}`], traps);
  const l = r.events.find((e): e is Extract<Event, { kind: 'learned' }> => e.kind === 'learned');
  if (!l) throw new Error(`the 704 did not finish learning: ${r.lines.slice(-3).join(' / ')}`);
  return { coef: l.coef, series: l.series, games: l.games, seconds: r.seconds };
}

export interface Side extends Heuristic {
  coef: number[];
}

export interface Tournament {
  /** The winners of game 1 (player 1 is X and starts) and game 2 (player 2 is X). */
  winners: ('X' | 'O' | null)[];
  /** Fig. 8 scores: player 1's minus player 2's, both games. */
  d: number;
  seconds: number;
}

/** Two games on the 704, each player starting once; `depth` plies; the pattern table from `traps` when given. */
export function playTournament(p1: Side, p2: Side, depth = 2, traps?: string): Tournament {
  const game = (x: Side, o: Side): string[] => [...settingCards('X', x.coef, x), ...settingCards('O', o.coef, o), 'GAME XO'];
  const r = runWithTraps(['BOARD OFF', `DEPTH ${depth}`, ...game(p1, p2), ...game(p2, p1)], traps);
  const winners = r.events.flatMap((e) => (e.kind === 'over' ? [e.winner] : []));
  if (winners.length !== 2) throw new Error(`the 704 did not finish the tournament: ${r.lines.slice(-3).join(' / ')}`);
  const result = (w: 'X' | 'O' | null, me: 'X' | 'O'): 'won' | 'tied' | 'lost' => (w === null ? 'tied' : w === me ? 'won' : 'lost');
  // game 1: player 1 is X and started; game 2: player 1 is O and did not start
  const a1 = fig8(true, result(winners[0]!, 'X'));
  const b1 = fig8(false, result(winners[0]!, 'O'));
  const a2 = fig8(false, result(winners[1]!, 'O'));
  const b2 = fig8(true, result(winners[1]!, 'X'));
  return { winners, d: a1 - b1 + a2 - b2, seconds: r.seconds };
}

export interface ContestResult {
  n: number;
  mean: number;
  /** Broeker's |mean| / s of the mean. */
  t: number;
  /** His reading: t < 1.96 "significantly equal", to 2.58 significant (95%), above highly significant (99%). */
  verdict: 'equal' | 'significant' | 'highly significant';
  d: number[];
}

export function judge(d: readonly number[]): ContestResult {
  const p = pairedTest(d, 0);
  const t = Number.isNaN(p.t) ? 0 : Math.abs(p.t);
  return { n: d.length, mean: p.mean, t, verdict: t < 1.96 ? 'equal' : t <= 2.58 ? 'significant' : 'highly significant', d: [...d] };
}
