// Endgame starts for self-play: the positions rote learning meets too seldom from the opening
// (Samuel's program learned "to recognize most winning and losing end positions"). Decision (Samuel
// names no positions): seeded random placements of 2 to 6 pieces a side, a third of them kings, a
// man on its crowning row made a king, either side to move - the endings self-play reaches and
// the book rarely shows. The host only sets the 704's board up; the 704 plays.

import type { Piece, Position } from '../notation/board.ts';
import { seededRandom } from './openings.ts';

export function endgameStarts(n: number, seed: number): Position[] {
  const random = seededRandom(seed);
  const starts: Position[] = [];
  while (starts.length < n) {
    const squares: Piece[] = new Array<Piece>(33).fill(null);
    const free = Array.from({ length: 32 }, (_, i) => i + 1);
    for (const colour of ['b', 'w'] as const) {
      for (let k = 2 + Math.floor(random() * 5); k > 0; k--) {
        const s = free.splice(Math.floor(random() * free.length), 1)[0]!;
        const crowning = colour === 'b' ? s >= 29 : s <= 4;
        squares[s] = random() < 1 / 3 || crowning ? (colour === 'b' ? 'B' : 'W') : colour;
      }
    }
    starts.push({ squares, toMove: random() < 0.5 ? 'black' : 'white' });
  }
  return starts;
}
