// Help for the person playing the 704, every answer the 704's own: a hint is the move the
// program would play in the person's place (a second 704 set up on the position, *PLAY the
// person's colour), and the legal moves come from the program's `*MOVES` card
// (docs/checkers-game.md). The host never decides legality or chooses a move.

import type { Side } from '../notation/board.ts';
import { setupCards } from '../notation/pdn.ts';
import { mountLearningTape, useCards } from '../learning/learningTape.ts';
import { CheckersSession, giveawayCards, type Event } from '../program/session.ts';

type Move = Extract<Event, { kind: 'move'; by: 'program' }>;

/** What the score after a program's move means (shown once, and by `help`). */
export const SCORE_NOTE = `The score is the 704's own estimate of the position for the side that moved, backed up from its
search (Samuel's scoring polynomial, times 64): positive means it thinks it stands better.
Hundreds to a few thousand are positional (mobility, centre, advancement); tens of thousands
and more mean material (a man or more up); above 2^30 - 64 = 1073741760 it sees a certain win.`;

/**
 * The program's move for `side` in the position `fen` (a second 704: `*SETUP`, `*PLAY side`),
 * with the learning tape `learning` (*LEARN USE) when given, as in the game.
 */
export async function hintFor(fen: string, side: Side, opts: { learning?: string; giveaway?: boolean }): Promise<Move | null> {
  const session = new CheckersSession([...useCards(opts.learning), ...giveawayCards(opts.giveaway), ...setupCards(fen), `*PLAY ${side.toUpperCase()}`], false);
  if (opts.learning) mountLearningTape(session.machine.io, opts.learning);
  let move: Move | null = null;
  await session.run((e) => {
    if (e.kind === 'move' && e.by === 'program') move ??= e as Move;
  }); // the program moves, then waits for the person's card: the run stops there
  return move;
}

/** A "yes" to a question (y, yes, in any case). */
export const isYes = (answer: string | null): boolean => answer !== null && /^y(es)?$/i.test(answer.trim());
