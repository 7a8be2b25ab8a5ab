// The Score-Four program's times in emulated 704 time (12 µs a cycle), measured inside self-play
// games by breakpoints at the routines' entries and single exits: each move choice (QCHOS, a
// search of QDEP plies) and each leaf evaluation (HEVAL, POLY for both sides). For `npm run bench`
// and `reproduce broeker-tables`, beside Broeker's Tables 14 and 15 (AT&T 3B2, 5 MIPS).

import { CYCLE_US } from '../devices/timing.ts';
import { textCard } from '../devices/cards.ts';
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

export interface TimeOptions {
  aggression?: boolean;
  /** Both sides evaluate by Stage 2 (STAGE2 card) instead of POLY. */
  stage2?: boolean;
  games?: number;
  coef?: readonly number[];
  depth?: number;
  /** Stop after this many move choices (Stage 2 games are long). */
  choices?: number;
}

/** Self-play games, both sides with the same coefficients and switches. */
export function timeGames(o: TimeOptions = {}): Times {
  const { aggression = false, stage2 = false, games = 1, coef = [100, 200, 300], depth = 2, choices = Infinity } = o;
  const sym = (n: string): number => scorefourAssembly().symbols.get(n)!;
  const on = aggression ? 'ON' : 'OFF';
  const s2 = stage2 ? 'ON' : 'OFF';
  const cards = ['BOARD OFF', `DEPTH ${depth}`, `COEF X ${coef.join(' ')}`, `COEF O ${coef.join(' ')}`, `AGGR X ${on}`, `AGGR O ${on}`, `STAGE2 X ${s2}`, `STAGE2 O ${s2}`, ...Array<string>(games).fill('GAME XO')];
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
