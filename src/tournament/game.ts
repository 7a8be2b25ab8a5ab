// One tournament game, played by 704s: both players' `*MANDZ` cards, the opening's set-up, the
// game's seed, then `*SELF` (both colours are the 704) or `*PLAY` (rapid-draughts' moves relayed as
// cards, as `match` does). The 704 says what is legal and how the game ends; the host only reads
// the printer. A game is a pure function of its job, so a worker anywhere gives the same record.

import { RapidDraughts, capturedBy } from '../checkers/match/match.ts';
import { CheckersSession, giveawayCards, type Event } from '../checkers/program/session.ts';
import { setupCards } from '../checkers/notation/pdn.ts';
import type { Side } from '../checkers/notation/board.ts';
import { playerCards, type Player } from './players.ts';

export interface GameJob {
  /** Its place in the schedule (results are kept in this order). */
  index: number;
  black: Player;
  white: Player;
  /** The players' places in the tournament's list: [Black's, White's]. */
  seats: [number, number];
  /** The opening position (PDN FEN) and where it came from. */
  fen: string;
  opening: string;
  /** The 704's random generator for this game (`*MANDZ SEED`). */
  seed: number;
  giveaway: boolean;
}

export interface GameRecord {
  index: number;
  moves: string[];
  winner: Side | null;
  /** The 704's GAME OVER line, after `GAME OVER - `. */
  reason: string;
  /** Positions searched for each move of a Mańdziuk player (0 for Samuel's and rapid-draughts' moves). */
  nodes: number[];
  /** Emulated 704 time, seconds (every machine of the game). */
  seconds704: number;
}

const pathText = (path: readonly number[]): string => path.join(capturedBy(path).length ? 'x' : '-');

/** What a game's printout says: the moves, the nodes line before each, and the end. */
class Scorer {
  readonly moves: string[] = [];
  readonly nodes: number[] = [];
  over: Extract<Event, { kind: 'game-over' }> | null = null;
  private pending = 0;

  take(e: Event): void {
    if (e.kind === 'other') {
      const m = /^NODES (\d+) DEPTH \d+$/.exec(e.text);
      if (m) this.pending = Number(m[1]);
    } else if (e.kind === 'move') {
      this.moves.push(pathText(e.path));
      this.nodes.push(e.by === 'program' ? this.pending : 0);
      this.pending = 0;
    } else if (e.kind === 'game-over') this.over = e;
    else if (e.kind === 'bad' || e.kind === 'illegal') throw new Error(`the 704 rejected a card: ${e.text}`);
  }
}

async function run(session: CheckersSession, scorer: Scorer): Promise<string> {
  const r = await session.run((e) => scorer.take(e));
  if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
  return r.stop;
}

/** Play one game; throws if it cannot be finished (the job may then be given to another worker). */
export async function playGame(job: GameJob): Promise<GameRecord> {
  const { black, white } = job;
  if (black.kind === 'rapid' && white.kind === 'rapid') throw new Error('rapid-draughts against itself: no 704 to play or judge the game');
  const rapid = black.kind === 'rapid' ? 'black' : white.kind === 'rapid' ? 'white' : null;
  const program: Side = rapid === 'black' ? 'white' : 'black';
  const cards = [
    ...giveawayCards(job.giveaway), ...playerCards(black, 'black'), ...playerCards(white, 'white'), `*MANDZ SEED ${job.seed}`,
    ...setupCards(job.fen), rapid ? `*PLAY ${program.toUpperCase()}` : '*SELF',
  ];
  const scorer = new Scorer();
  const session = new CheckersSession(rapid ? cards : [...cards, '*END'], !rapid);
  if (!rapid) await run(session, scorer);
  else {
    const other = rapid === 'black' ? black : white;
    const opponent = new RapidDraughts(other.kind === 'rapid' ? other.depth : 6);
    await opponent.start(job.fen);
    for (;;) {
      const seen = scorer.moves.length;
      const stop = await run(session, scorer);
      for (let i = seen; i < scorer.moves.length; i++) opponent.played(scorer.moves[i]!.split(/[-x]/).map(Number));
      if (scorer.over || stop !== 'input') break;
      const move = await opponent.move();
      session.feed(move ? pathText(move) : '*CONCEDE');
    }
  }
  if (!scorer.over) throw new Error(`game ${job.index}: the 704 stopped before the game was over`);
  return {
    index: job.index, moves: scorer.moves, winner: scorer.over.winner, reason: scorer.over.reason, nodes: scorer.nodes, seconds704: session.seconds,
  };
}
