// The Score-Four program's times in emulated 704 time (12 µs a cycle), measured inside self-play
// games by breakpoints at the routines' entries and single exits: each move choice (QCHOS, a
// search of QDEP plies) and each leaf evaluation (HEVAL, POLY for both sides). For `npm run bench`
// and `reproduce broeker-tables`, beside Broeker's Tables 14 and 15 (AT&T 3B2, 5 MIPS).

import { CYCLE_US } from '../devices/timing.ts';
import { textCard } from '../devices/cards.ts';
import { settingCards, type Heuristic } from './contest.ts';
import { bootScorefour, scorefourAssembly } from './program/deck.ts';

export interface Times {
  /** Milliseconds of each move choice. */
  choices: number[];
  /** Moves made in all the searches. */
  nodes: number;
  /** Leaf evaluations and their total milliseconds. */
  evals: number;
  evalMs: number;
  /** Emulated and wall seconds of the games. */
  seconds: number;
  wall: number;
}

const RETURN_CYCLES = 2; // the TRA 1,4 at the exit, after the breakpoint

export interface TimeOptions extends Omit<Heuristic, 'aggression'> {
  aggression?: boolean;
  games?: number;
  coef?: readonly number[];
  depth?: number;
  /** Stop after this many move choices (Stage 2 games are long). */
  choices?: number;
}

/** Self-play games, both sides with the same coefficients and heuristic (Stage 1, Stage 2, aggression). */
export function timeGames(o: TimeOptions = {}): Times {
  const { games = 1, coef = [100, 200, 300], depth = 2, choices = Infinity } = o;
  const sym = (n: string): number => scorefourAssembly().symbols.get(n)!;
  const h: Heuristic = { ...o, aggression: o.aggression === true };
  const cards = ['BOARD OFF', `DEPTH ${depth}`, ...settingCards('X', coef, h), ...settingCards('O', coef, h), ...Array<string>(games).fill('GAME XO')];
  const m = bootScorefour(cards.map((c) => textCard(c)), true);
  const [chos, chrt, heval, hevrt] = ['QCHOS', 'QCHRT', 'HEVAL', 'HEVRT'].map(sym) as [number, number, number, number];
  for (const a of [chos, chrt, heval, hevrt]) m.cpu.breakpoints[a] = 1;
  m.cpu.updateDebug();
  const ms = (cycles: number): number => (cycles * CYCLE_US) / 1000;
  const t: Times = { choices: [], nodes: 0, evals: 0, evalMs: 0, seconds: 0, wall: 0 };
  const t0 = performance.now();
  let chosAt = 0;
  let evalAt = 0;
  for (;;) {
    const stop = m.run(1e10);
    if (stop.reason !== 'breakpoint') {
      if (stop.reason !== 'halt') throw new Error(`the 704 stopped: ${stop.message}`);
      break;
    }
    const at = m.cpu.ic;
    const c = m.cpu.cycles;
    if (at === chos) chosAt = c;
    else if (at === heval) evalAt = c;
    else if (at === hevrt) {
      t.evals++;
      t.evalMs += ms(c - evalAt + RETURN_CYCLES);
    } else if (at === chrt) {
      t.choices.push(ms(c - chosAt + RETURN_CYCLES));
      t.nodes += m.cpu.mem[sym('ABNOD')]!;
      if (t.choices.length >= choices) break;
    }
  }
  t.seconds = m.cpu.cycles * CYCLE_US * 1e-6;
  t.wall = (performance.now() - t0) / 1000;
  return t;
}

export interface TimingRow {
  name: string;
  options: TimeOptions;
  /** Broeker's Table 14 (evaluation, ms) and Table 15 (move choice, avg / max ms). */
  table14: number;
  table15: [number, number];
}

/** Broeker's Tables 14-15, row by row, and the self-play that times each on the 704; the pattern tables are timed over a game's first moves (they are slow here). */
export const TIMING_ROWS: TimingRow[] = [
  { name: 'POLY', options: {}, table14: 3.1, table15: [1.4, 4.8] },
  { name: 'POLY + aggression', options: { aggression: true }, table14: 3.1, table15: [1.2, 4.2] },
  { name: 'Stage 1 L1', options: { stage1: 1, poly: false, choices: 8 }, table14: 23.7, table15: [8.7, 77.7] },
  { name: 'Stage 1 L1 + poly', options: { stage1: 1, choices: 8 }, table14: 25.9, table15: [8.1, 52.9] },
  { name: 'Stage 1 L1 + poly + aggression', options: { stage1: 1, aggression: true, choices: 8 }, table14: 25.9, table15: [6.2, 34.2] },
  { name: 'Stage 1 L2', options: { stage1: 2, poly: false, choices: 8 }, table14: 130.9, table15: [44.8, 164.0] },
  { name: 'Stage 1 L2 + poly', options: { stage1: 2, choices: 8 }, table14: 131.9, table15: [53.8, 344.2] },
  { name: 'Stage 1 L2 + poly + aggression', options: { stage1: 2, aggression: true, choices: 8 }, table14: 125.7, table15: [53.2, 293.7] },
  { name: 'Stage 2', options: { stage2: true, choices: 4 }, table14: 123.8, table15: [28.3, 95.3] },
  { name: 'Stage 2 + aggression', options: { stage2: true, aggression: true, choices: 4 }, table14: 131.9, table15: [31.5, 147.3] },
];

/** A row's times: evaluation ms, move choice avg and max ms, moves searched a choice. */
export function summarize(t: Times): { evalMs: number; avg: number; max: number; nodes: number } {
  return { evalMs: t.evalMs / t.evals, avg: t.choices.reduce((s, x) => s + x, 0) / t.choices.length, max: Math.max(...t.choices), nodes: t.nodes / t.choices.length };
}
