// Self-play starts taken from book games: the position of each game after ply k, for a few k.
// Samuel fed his rote memory from "many book games" and from the program's own play; a start in a
// master game at move k gives self-play a position the ballots never reach, and the program's own
// moves from there leave the book at once, so nearly every board it saves is new (the ballots repeat:
// one program, one ballot, one game). The host only reads the PDN and sets the board up; the 704 plays.

import { applyPath, toFen, type Position } from '../notation/board.ts';
import { parsePdn } from '../notation/pdn.ts';
import { readText } from '../../devices/fileErrors.ts';

export interface BookStart {
  fen: string;
  /** `GAME-INDEX ply K`: where the position comes from. */
  name: string;
}

/**
 * The positions after ply k (for each k of `plies`) of every game of a PDN file that goes on at
 * least `margin` plies past k, each position once (the first game that reaches it names it).
 */
export function bookStarts(pdnFile: string, plies: readonly number[], margin = 10): BookStart[] {
  const seen = new Set<string>();
  const starts: BookStart[] = [];
  const { games } = parsePdn(readText(pdnFile, 'PDN file'), pdnFile);
  for (const k of plies) {
    for (const g of games) {
      if (g.moves.length < k + margin) continue;
      let p: Position = g.start;
      for (const m of g.moves.slice(0, k)) p = applyPath(p, m.path);
      const fen = toFen(p);
      if (seen.has(fen)) continue;
      seen.add(fen);
      starts.push({ fen, name: `game ${g.index} ply ${k}` });
    }
  }
  return starts;
}
