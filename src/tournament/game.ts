// One tournament game, played by 704s: both players' `*MANDZ` cards, the opening's set-up, the
// game's seed, then `*SELF` (both colours are the 704) or `*PLAY` (the other player's moves relayed
// as cards, as `match` does: rapid-draughts, or Samuel's program with a learned polynomial on a 704
// of its own). The 704 says what is legal and how the game ends; the host only reads the printer.
// A game is a pure function of its job, so a worker anywhere gives the same record.

import { Program704, RapidDraughts, type Opponent } from '../checkers/match/match.ts';
import { CheckersSession, giveawayCards, type Event } from '../checkers/program/session.ts';
import { setupCards } from '../checkers/notation/pdn.ts';
import { pathText, type Side } from '../checkers/notation/board.ts';
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

/** What a game's printout says: the moves, the nodes line before each, and the end. */
class Scorer {
  readonly moves: string[] = [];
  readonly sides: Side[] = [];
  readonly nodes: number[] = [];
  over: Extract<Event, { kind: 'game-over' }> | null = null;
  private pending = 0;

  take(e: Event): void {
    if (e.kind === 'other') {
      const m = /^NODES (\d+) DEPTH \d+$/.exec(e.text);
      if (m) this.pending = Number(m[1]);
    } else if (e.kind === 'move') {
      this.moves.push(pathText(e.path));
      this.sides.push(e.side);
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
/** A player whose moves come from outside the game's 704: rapid-draughts, or Samuel's program with a learned polynomial. */
const relayed = (p: Player): boolean => p.kind === 'rapid' || (p.kind === 'samuel' && p.learning !== undefined);

/**
 * The relayed player's side of the game. Samuel's 704 is told of a heuristic on the game's side
 * (it never searches for that colour: its moves come as cards) so that it keeps the same 140-ply
 * limit as the game's 704 (mandziuk.sap QLIM), instead of ending the game at its own 70.
 */
function opponentFor(p: Player, side: Side, giveaway: boolean): Opponent {
  if (p.kind === 'rapid') return new RapidDraughts(p.depth);
  if (p.kind !== 'samuel' || p.learning === undefined) throw new Error(`${p.name} is played on the game's 704, not relayed`);
  const other = side === 'black' ? 'WHITE' : 'BLACK';
  return new Program704({ learning: p.learning, cards: [`*MANDZ ${other} NULL 1`] }, giveaway);
}

/** Play one game; throws if it cannot be finished (the job may then be given to another worker). */
export async function playGame(job: GameJob): Promise<GameRecord> {
  const { black, white } = job;
  if (relayed(black) && relayed(white)) throw new Error(`${black.name} against ${white.name}: no 704 to play or judge the game`);
  const outside: Side | null = relayed(black) ? 'black' : relayed(white) ? 'white' : null;
  const program: Side = outside === 'black' ? 'white' : 'black';
  const cards = [
    ...giveawayCards(job.giveaway), ...playerCards(black, 'black'), ...playerCards(white, 'white'), `*MANDZ SEED ${job.seed}`,
    ...setupCards(job.fen), outside ? `*PLAY ${program.toUpperCase()}` : '*SELF',
  ];
  const scorer = new Scorer();
  const session = new CheckersSession(outside ? cards : [...cards, '*END'], !outside);
  if (!outside) await run(session, scorer);
  else {
    const opponent = opponentFor(outside === 'black' ? black : white, outside, job.giveaway);
    await opponent.start(job.fen, outside);
    for (;;) {
      const seen = scorer.moves.length;
      const stop = await run(session, scorer);
      for (let i = seen; i < scorer.moves.length; i++) opponent.played(scorer.moves[i]!.split(/[-x]/).map(Number), scorer.sides[i]!);
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
