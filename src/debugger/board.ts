// A checkerboard drawn from Samuel's four board words FA, BA, FP, BP (samuel-program.md §1,
// docs/checkers-moves.md): square s (1-32) is bit s + floor((s-1)/8), worth 2^(35-bit). The board
// is never turned round: Black's men move forward (they sit in FA or FP only), White's backward
// (BA or BP only), a king is in both words of its side. So the men tell which side is to move;
// with kings only, the caller says.

import { drawBoard as drawPosition, type Piece, type Position } from '../checkers/notation/board.ts';

const SQUARES = 32;
/** Bits S, 9, 18 and 27 of a word are never squares. */
const OFF_BOARD = [0, 9, 18, 27];

const bitValue = (bit: number): number => 2 ** (35 - bit);
export const squareBit = (s: number): number => bitValue(s + Math.floor((s - 1) / 8));
const has = (w: number, value: number): boolean => Math.floor(w / value) % 2 === 1;

export type Colour = 'black' | 'white';

export interface BoardWords {
  readonly fa: number;
  readonly ba: number;
  readonly fp: number;
  readonly bp: number;
}

/** Draw the board as every board the host draws (Black at the top, square numbers beside it), with how the side to move was found and any inconsistency of the words. */
export function drawBoard(words: BoardWords, toMove?: Colour): string {
  const { fa, ba, fp, bp } = words;
  const notes: string[] = [];
  for (const [name, w] of Object.entries(words)) {
    const off = OFF_BOARD.filter((b) => has(w, bitValue(b)));
    if (off.length) notes.push(`${name.toUpperCase()} has bit${off.length > 1 ? 's' : ''} ${off.join(', ')} set, which ${off.length > 1 ? 'are' : 'is'} not on the board`);
  }
  // Men of the side to move are in exactly one of FA, BA; of the passive side in one of FP, BP.
  const activeForward: number[] = [], activeBackward: number[] = [], passiveForward: number[] = [], passiveBackward: number[] = [];
  for (let s = 1; s <= SQUARES; s++) {
    const b = squareBit(s);
    if (has(fa, b) !== has(ba, b)) (has(fa, b) ? activeForward : activeBackward).push(s);
    if (has(fp, b) !== has(bp, b)) (has(fp, b) ? passiveForward : passiveBackward).push(s);
    if ((has(fa, b) || has(ba, b)) && (has(fp, b) || has(bp, b))) notes.push(`square ${s} holds pieces of both sides`);
  }
  let side = toMove;
  let how = 'given';
  if (side === undefined) {
    how = 'from the men';
    if (activeForward.length || passiveBackward.length) side = 'black';
    else if (activeBackward.length || passiveForward.length) side = 'white';
    else { side = 'black'; how = 'assumed: no men on the board'; }
  }
  // Men moving the wrong way for their colour mean the words are not a position of this side.
  const wrong = side === 'black' ? [...activeBackward, ...passiveForward] : [...activeForward, ...passiveBackward];
  if (wrong.length) notes.push(`men on ${wrong.join(', ')} move the wrong way for ${side === 'black' ? 'Black' : 'White'} to move`);

  const [blackF, blackB, whiteF, whiteB] = side === 'black' ? [fa, ba, fp, bp] : [fp, bp, fa, ba];
  const piece = (s: number): Piece => {
    const b = squareBit(s);
    if (has(blackF, b) || has(blackB, b)) return has(blackF, b) && has(blackB, b) ? 'B' : 'b';
    if (has(whiteF, b) || has(whiteB, b)) return has(whiteF, b) && has(whiteB, b) ? 'W' : 'w';
    return null;
  };
  const position: Position = { squares: [null, ...Array.from({ length: SQUARES }, (_, i) => piece(i + 1))], toMove: side };
  return [
    `${side === 'black' ? 'Black' : 'White'} to move (${how})`,
    drawPosition(position), // the one board drawing of the host (notation/board.ts)
    ...notes.map((n) => `note: ${n}`),
  ].join('\n');
}
