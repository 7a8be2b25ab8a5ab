// HG's test boards, as the 704 sees them (seed 002, section 3.1): for each board its 25 features of
// both colours (`*MANDZ FEATURES`) and its value from the 704's alpha-beta to a fixed depth with the
// previous phase's best specimen (or the null heuristic in the first phase): the program is set up
// to play the side to move (`*PLAY`), prints its move with the backed-up SCORE, and the next
// board's `*SETUP` abandons that game. One machine scores a batch of boards.

import { setupCards } from '../checkers/notation/pdn.ts';
import { parseFen } from '../checkers/notation/board.ts';
import { CheckersSession, giveawayCards } from '../checkers/program/session.ts';
import { GENE_SCALE, playerCards, type Player } from '../tournament/players.ts';
import type { BoardFeatures } from '../mandziuk/heuristics.ts';

/** The 704's max_win_value in gene units (QMWIN / QMSTP = 128, section 3.1). */
export const MAX_WIN = 128;

export interface ScoreJob {
  task: 'score';
  index: number;
  fens: string[];
  /** The evaluator (a heuristic or null), given to both colours. */
  player: Player;
  giveaway: boolean;
}

export interface ScoreResult {
  index: number;
  /** Each board's value for the side to move, gene units; a board with no move is lost (won in give-away) at g = 0. */
  values: number[];
  features: BoardFeatures[];
  /** Positions searched over the batch. */
  nodes: number;
  /** Emulated 704 time of the batch, seconds. */
  seconds704: number;
}

export async function scoreBoards(job: ScoreJob): Promise<ScoreResult> {
  const cards = [...giveawayCards(job.giveaway), ...playerCards(job.player, 'black'), ...playerCards(job.player, 'white')];
  for (const fen of job.fens) {
    const side = parseFen(fen).toMove;
    cards.push(...setupCards(fen), '*MANDZ FEATURES', `*PLAY ${side.toUpperCase()}`);
  }
  const session = new CheckersSession([...cards, '*END'], true);
  const values: number[] = [];
  const features: BoardFeatures[] = [];
  let rows: number[][] = [];
  let nodes = 0;
  const r = await session.run((e) => {
    if (e.kind === 'other') {
      const m = /^FEATURES (BLACK|WHITE) (\d+) (.*)$/.exec(e.text);
      if (m) {
        rows.push(m[3]!.split(' ').map(Number));
        if (rows.length === 4) {
          const fen = job.fens[features.length]!;
          features.push({ black: [0, ...rows[0]!, ...rows[1]!], white: [0, ...rows[2]!, ...rows[3]!], blackToMove: parseFen(fen).toMove === 'black' });
          rows = [];
        }
      }
      const n = /^NODES (\d+) DEPTH/.exec(e.text);
      if (n) nodes += Number(n[1]);
    } else if (e.kind === 'move' && e.by === 'program') values.push(e.score / GENE_SCALE);
    else if (e.kind === 'game-over' && values.length < features.length) values.push(job.giveaway ? MAX_WIN : -MAX_WIN);
    else if (e.kind === 'bad' || e.kind === 'illegal') throw new Error(`the 704 rejected a card: ${e.text}`);
  });
  if (r.stop === 'error') throw new Error(`the 704 stopped: ${r.message}`);
  if (values.length !== job.fens.length || features.length !== job.fens.length) throw new Error(`scored ${values.length} of ${job.fens.length} boards`);
  return { index: job.index, values, features, nodes, seconds704: session.seconds };
}
