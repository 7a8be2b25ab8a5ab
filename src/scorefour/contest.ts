// Broeker's contests (1989, section 4.1): 125 tournaments of two games, each on one coefficient
// vector of his 5x5x5 grid (INTERVAL, 2, 3, 4, 5 x INTERVAL per coefficient), each player moving
// first once; Fig. 8 scores each game, a tournament scores d = A1 - B1 + A2 - B2 (positive: the
// first-listed player is better), and the paired t statistic judges the contest. The 704 plays and
// learns; the host feeds the cards, reads the results and does the statistics.

import { pairedTest } from '../host/stats.ts';
import { runDeck, type Event } from './program/session.ts';

/** POLY with (A) or without (P) aggression, unexperienced or after learning version A or B (Fig. 9), or Stage 2 (S2). */
export interface Player {
  aggression: boolean;
  learn?: 'A' | 'B';
  stage2?: boolean;
}

/** P, A, P.A, P.B, A.A, A.B (Broeker's Fig. 9 codes) and S2 (his Table 10's Stage 2, without aggression). */
export function parsePlayer(code: string): Player {
  const c = code.trim().toUpperCase();
  if (c === 'S2') return { aggression: false, stage2: true };
  const m = /^([PA])(?:\.([AB]))?$/.exec(c);
  if (!m) throw new Error(`player "${code}": not one of P, A, P.A, P.B, A.A, A.B, S2 (the Stage 1 players P1, A2, ... are not built)`);
  return { aggression: m[1] === 'A', ...(m[2] ? { learn: m[2] as 'A' | 'B' } : {}) };
}

export const playerCode = (p: Player): string => (p.stage2 ? 'S2' : `${p.aggression ? 'A' : 'P'}${p.learn ? `.${p.learn}` : ''}`);

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

const settingCards = (side: 'X' | 'O', coef: readonly number[], aggression: boolean, stage2 = false): string[] =>
  [`COEF ${side} ${coef.join(' ')}`, `AGGR ${side} ${aggression ? 'ON' : 'OFF'}`, `STAGE2 ${side} ${stage2 ? 'ON' : 'OFF'}`];

export interface Learnt {
  coef: number[];
  series: number;
  games: number;
  /** Emulated 704 seconds. */
  seconds: number;
}

/** The 704 learns from `start` by version A or B (LEARN card), at most `series` series. */
export function learnOnThe704(start: readonly number[], aggression: boolean, version: 'A' | 'B', series: number, step = 5): Learnt {
  const r = runDeck(['BOARD OFF', `STEP ${step}`, ...settingCards('X', start, aggression), `LEARN ${version} ${series}`]);
  const l = r.events.find((e): e is Extract<Event, { kind: 'learned' }> => e.kind === 'learned');
  if (!l) throw new Error(`the 704 did not finish learning: ${r.lines.slice(-3).join(' / ')}`);
  return { coef: l.coef, series: l.series, games: l.games, seconds: r.seconds };
}

export interface Side {
  coef: number[];
  aggression: boolean;
  stage2?: boolean;
}

export interface Tournament {
  /** The winners of game 1 (player 1 is X and starts) and game 2 (player 2 is X). */
  winners: ('X' | 'O' | null)[];
  /** Fig. 8 scores: player 1's minus player 2's, both games. */
  d: number;
  seconds: number;
}

/** Two games on the 704, each player starting once; `depth` plies. */
export function playTournament(p1: Side, p2: Side, depth = 2): Tournament {
  const game = (x: Side, o: Side): string[] => [...settingCards('X', x.coef, x.aggression, x.stage2), ...settingCards('O', o.coef, o.aggression, o.stage2), 'GAME XO'];
  const r = runDeck(['BOARD OFF', `DEPTH ${depth}`, ...game(p1, p2), ...game(p2, p1)]);
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
