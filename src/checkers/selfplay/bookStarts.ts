// Self-play starts taken from book games: the position of each game after ply k, for a few k.
// Samuel fed his rote memory from "many book games" and from the program's own play; a start in a
// master game at move k gives self-play a position the ballots never reach, and the program's own
// moves from there leave the book at once, so nearly every board it saves is new (the ballots repeat:
// one program, one ballot, one game). The host only reads the PDN and sets the board up; the 704 plays.

import { applyPath, pathText, toFen, type Position } from '../notation/board.ts';
import { parsePdn, type PdnGame } from '../notation/pdn.ts';
import { readText } from '../../devices/fileErrors.ts';
import { legalPaths } from '../match/rapidBoard.ts';
import { ballotOrder, seededRandom } from './openings.ts';

/** The games of a PDN file, and each game's positions from its start (`lines[i][k]`: game i after ply k). */
function replayed(pdnFile: string): { games: PdnGame[]; lines: Position[][] } {
  const { games } = parsePdn(readText(pdnFile, 'PDN file'), pdnFile);
  const lines = games.map((g) => {
    const positions = [g.start];
    for (const m of g.moves) positions.push(applyPath(positions.at(-1)!, m.path));
    return positions;
  });
  return { games, lines };
}

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
  const { games, lines } = replayed(pdnFile);
  for (const k of plies) {
    for (const [i, g] of games.entries()) {
      if (g.moves.length < k + margin) continue;
      const fen = toFen(lines[i]![k]!);
      if (seen.has(fen)) continue;
      seen.add(fen);
      starts.push({ fen, name: `game ${g.index} ply ${k}` });
    }
  }
  return starts;
}

/**
 * Deviation starts: for each game of a PDN file that goes on at least `margin` plies past k, and
 * each k of `plies`, the position after ply k and then one legal move other than the master's:
 * the `nth` (modulo their number) in an order shuffled by `seed`, so that nth 0, 1, 2 ... take the
 * other moves in turn — midgames one step off a master's line. A position some game of the file
 * reaches (at any ply) is left out, and each position is kept once.
 * Decision (docs/checkers-rote.md, "reproduce samuel-rote-million"): the masters' own positions
 * are all played by then, and the program is deterministic, so new midgame boards come from
 * positions the masters did not play; one move off their line keeps them masters' midgames.
 */
export function deviationStarts(pdnFile: string, plies: readonly number[], nth: number, seed = 7, margin = 10): BookStart[] {
  const { games, lines } = replayed(pdnFile);
  const seen = new Set(lines.flatMap((ps) => ps.map(toFen)));
  const random = seededRandom(seed);
  const starts: BookStart[] = [];
  for (const k of plies) {
    games.forEach((g, i) => {
      if (g.moves.length < k + margin) return;
      const at = lines[i]![k]!;
      const master = g.moves[k]!.path.join('-');
      const others = ballotOrder(legalPaths(toFen(at)).filter((p) => p.join('-') !== master), Math.floor(random() * 2 ** 31));
      if (others.length === 0) return;
      const path = others[nth % others.length]!;
      const fen = toFen(applyPath(at, path));
      if (seen.has(fen)) return;
      seen.add(fen);
      starts.push({ fen, name: `game ${g.index} ply ${k} then ${pathText(path)}` });
    });
  }
  return starts;
}
