// An independent judge of a give-away game's end (seeds-digest §1.2: the side that loses all its
// pieces or cannot move wins; at the move limit the program judges by material, a man 2 and a
// king 3, fewer credits ahead), from the final position by the reference move generator.

import { isBlack, isKing, isWhite, legalMoves, type Position } from './reference.ts';

/** Material credits as Samuel counts them (a man 2, a king 3): [Black, White]. */
export function credits(pos: Position): [number, number] {
  const sum = (side: (p: Position['squares'][number]) => boolean): number =>
    pos.squares.reduce((s: number, p) => s + (side(p) ? (isKing(p) ? 3 : 2) : 0), 0);
  return [sum(isBlack), sum(isWhite)];
}

const colour = (black: boolean): string => (black ? 'BLACK' : 'WHITE');

/**
 * Whether `over`, the 704's GAME OVER line, is right for the final position after `plies` plies
 * of a give-away game with the move limit `limit`. A concession is right when the side to move
 * concedes (whether its loss was certain is the search's business); a repetition is not checked.
 */
export function judgeGiveaway(pos: Position, plies: number, over: string, limit = 70): boolean {
  const mover = colour(pos.blackToMove);
  const other = colour(!pos.blackToMove);
  if (legalMoves(pos).length === 0) return over === `GAME OVER - ${mover} WINS - ${mover} CANNOT MOVE (GIVE-AWAY)`;
  if (over.includes('CONCEDES')) return over === `GAME OVER - ${other} WINS - ${mover} CONCEDES (GIVE-AWAY)`;
  if (over.includes('REPETITION')) return over === 'GAME OVER - DRAWN - THIRD REPETITION OF A POSITION (GIVE-AWAY)';
  if (plies < limit) return false;
  const [b, w] = credits(pos);
  if (b === w) return over === 'GAME OVER - DRAWN - EVEN AT 70 MOVES (GIVE-AWAY)';
  return over === `GAME OVER - ${colour(b < w)} WINS - ${colour(b > w)} BEHIND AT 70 MOVES (GIVE-AWAY)`;
}
