// rapid-draughts (npm, English draughts on bitboards) set up on one of our positions, and its moves
// as our paths: the match's opponent plays through it (match.ts), and the million's deviation
// starts take the legal moves of a master's position from it (selfplay/bookStarts.ts). Its squares
// are ours − 1; dark is Black.

import { EnglishDraughts, type EnglishDraughtsGame } from 'rapid-draughts/english';
import { DraughtsPlayer } from 'rapid-draughts';
import { colOf, parseFen, rowOf, squareAt } from '../notation/board.ts';

/** The dark square at row r, column c (Fig. B-1: dark when r + c is odd), or null off the board. */
const darkAt = (r: number, c: number): number | null => (r < 0 || r > 7 || c < 0 || c > 7 || (r + c) % 2 === 0 ? null : squareAt(r, c));

/**
 * The landing squares of a jump given as from, to and the squares taken (how rapid-draughts states
 * a move): each step jumps one of the taken pieces; every one is taken once, ending at `to`.
 */
export function jumpPath(from: number, to: number, taken: readonly number[]): number[] | null {
  if (taken.length === 0) return [from, to];
  const walk = (at: number, left: readonly number[]): number[] | null => {
    if (left.length === 0) return at === to ? [] : null;
    for (const c of left) {
      const [dr, dc] = [rowOf(c) - rowOf(at), colOf(c) - colOf(at)];
      if (Math.abs(dr) !== 1 || Math.abs(dc) !== 1) continue;
      const land = darkAt(rowOf(c) + dr, colOf(c) + dc);
      if (land === null) continue;
      const rest = walk(land, left.filter((x) => x !== c));
      if (rest) return [land, ...rest];
    }
    return null;
  };
  const steps = walk(from, taken);
  return steps ? [from, ...steps] : null;
}

/** A rapid-draughts game at the position `fen`, its counters of moves since a capture cleared. */
export function rapidGame(fen: string): EnglishDraughtsGame {
  const p = parseFen(fen);
  // the library's bitboard bit of each square, from its own square table
  const probe = EnglishDraughts.setup();
  const bitOf = (s: number): number => probe.adapter.toEngineMove({ origin: s - 1, destination: s - 1, captures: [] }).origin;
  const mask = (f: (piece: string) => boolean): number => p.squares.reduce((m: number, x, s) => (x && f(x) ? (m | bitOf(s)) >>> 0 : m), 0);
  return EnglishDraughts.setup({
    player: p.toMove === 'black' ? DraughtsPlayer.DARK : DraughtsPlayer.LIGHT,
    board: { dark: mask((x) => x.toLowerCase() === 'b'), light: mask((x) => x.toLowerCase() === 'w'), king: mask((x) => x === x.toUpperCase()) },
    stats: { sinceCapture: 0, sinceNonKingAdvance: 0 },
  });
}

/** The legal moves at `fen` as paths (from, then each landing square), in rapid-draughts' order. */
export function legalPaths(fen: string): number[][] {
  return rapidGame(fen).moves.map((m) => {
    const path = jumpPath(m.origin + 1, m.destination + 1, m.captures.map((s) => s + 1));
    if (!path) throw new Error(`rapid-draughts move ${m.origin + 1}-${m.destination + 1} taking ${m.captures.map((s) => s + 1).join(',')} has no path in ${fen}`);
    return path;
  });
}
