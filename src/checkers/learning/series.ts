// One of Samuel's series of learning games, played whole on one booted 704 (the way he ran them:
// Alpha and Beta in self-play, game after game, the state in core): `*LEARN SERIES n`, the
// starting state read from tape 3 (`*LEARN TAPE`), optionally `*LEARN RESET` (a new series from the
// terms in the polynomial, weights forgotten), then a `*SELF` card a game. The tapes are in memory:
// the starting state is written on tape 3, the state after the last game read back from tape 4.
// The host only reads the printer: every move, adjustment and verdict is the 704's.

import type { MessagePort } from 'node:worker_threads';
import { TapeUnit } from '../../devices/tape.ts';
import { CheckersSession, giveawayCards, type Event } from '../program/session.ts';
import type { JournalGame } from '../selfplay/journal.ts';
import { newLearnStats, takeLearnLine } from './learnPrint.ts';
import { decodeLearningTape, encodeLearningTape, type LearningState } from './learningTape.ts';
import { seededRandom } from '../selfplay/openings.ts';

export interface SeriesOptions {
  series: 1 | 2;
  games: number;
  /** The state on tape 3 before the first game. */
  start: LearningState;
  /** `*LEARN RESET` after reading it: keep the terms, forget the weights and counts. */
  reset?: boolean;
  /** `*LEARN PRINT n`: the term table also after every n-th Alpha move (Samuel: "at frequent intervals"). */
  printEvery?: number;
  /** After each game: its number and Alpha's verdict. */
  onGame?: (game: number, end: { verdict: string | null }) => void;
  /** Give-away checkers (`*GIVEAWAY ON`): the polynomial learns the give-away game. */
  giveaway?: boolean;
}

/** A series for a worker thread (tournament/worker.ts): its options, and the port that hears of each game's end in place of `onGame`. */
export interface SeriesJob {
  task: 'series';
  options: Omit<SeriesOptions, 'onGame'>;
  progress?: MessagePort;
}

/** What a series job's port is told: the end of each game, then that the series is over. */
export type SeriesProgress = { game: number; verdict: string | null } | { end: true };

export interface SeriesRun {
  /** A record per learning game, in the journal's form (for learningCharts' pictures). */
  games: JournalGame[];
  /** The learning state after the last game (tape 4). */
  final: LearningState;
  /** Emulated 704 seconds of the whole series. */
  seconds704: number;
  /** 704 instructions the whole series executed (boot included): what its wall time is made of. */
  instructions: number;
}

/** The 38 terms in a seeded order: Samuel's "arbitrary selection of 16 terms" (the first 16) and the reserve. */
export function termOrder(seed: number): number[] {
  const random = seededRandom(seed);
  const order = Array.from({ length: 38 }, (_, i) => i + 1);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

export const seriesCards = (o: Pick<SeriesOptions, 'series' | 'games' | 'reset' | 'printEvery' | 'giveaway'>): string[] => [
  ...giveawayCards(o.giveaway === true), `*LEARN SERIES ${o.series}`, ...(o.printEvery ? [`*LEARN PRINT ${o.printEvery}`] : []), '*LEARN TAPE', ...(o.reset ? ['*LEARN RESET'] : []),
  ...Array.from({ length: o.games }, () => '*SELF'), '*END',
];

export async function runSeries(o: SeriesOptions): Promise<SeriesRun> {
  const session = new CheckersSession(seriesCards(o), true);
  const t3 = new TapeUnit(3);
  t3.mount(encodeLearningTape(o.start), { readOnly: true });
  const t4 = new TapeUnit(4);
  t4.mount([]);
  session.machine.io.attachTape(3, t3);
  session.machine.io.attachTape(4, t4);
  const games: JournalGame[] = [];
  let game: JournalGame | null = null;
  let started = 0;
  const take = (e: Event): void => {
    if (e.kind === 'game') {
      started = e.at;
      game = {
        round: games.length + 1, ballot: null, fen: null, first: 'black', moves: [], result: '', over: '', winner: null, reason: '',
        seconds704: 0, wallSeconds: 0, rote: null, learning: newLearnStats(), finalFen: '', finished: '',
      };
      games.push(game);
    } else if (!game) return;
    else if (e.kind === 'move') game.moves.push(e.path.join(e.jump ? 'x' : '-'));
    else if (e.kind === 'game-over') Object.assign(game, { over: e.text, winner: e.winner, reason: e.reason, seconds704: e.at - started });
    else if (e.kind === 'other' && takeLearnLine(game.learning!, e.text) && e.text.startsWith('ALPHA AFTER GAME')) o.onGame?.(game.round, game.learning!);
  };
  const r = await session.run(take);
  if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
  const tape = decodeLearningTape(t4.entries);
  if (!tape.state) throw new Error(`no learning tape written after the series: ${tape.problems.join('; ')}`);
  return { games, final: tape.state, seconds704: session.seconds, instructions: session.machine.cpu.instructions };
}

/**
 * Play a series job: the same run as `runSeries` with its options, each game's end posted to its
 * port and, last, the end of the series (a pool's idle thread may not run its event loop, so the
 * other side cannot wait for the port's close; the messages of one port come in order).
 */
export async function runSeriesJob(job: SeriesJob): Promise<SeriesRun> {
  const port = job.progress;
  const post = (m: SeriesProgress): void => port?.postMessage(m);
  try {
    return await runSeries({ ...job.options, onGame: (game, s) => post({ game, verdict: s.verdict }) });
  } finally {
    post({ end: true });
  }
}
