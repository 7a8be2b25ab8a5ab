// Independent reference move generator for English draughts, for tests only.
//
// Written from the rules (samuel-program.md §2), on an 8x8 array of rows and columns, with no
// knowledge of the 704 program's bit layout: men move one step diagonally forward, kings both
// ways; capture is compulsory but any capture may be chosen; a multi-jump is one move and must
// be completed; every distinct jump path is a separate move; a man reaching the far row is
// crowned and the move ends; a captured piece stays on the board until the move is over but
// cannot be jumped twice. Square numbering is the standard one (Fig. B-1): Black starts on
// 1-12 at the top (row 0) and moves down, White on 21-32.

import { mulberry32 as rng } from '../rng.ts';

export const EMPTY = 0;
export const BLACK_MAN = 1;
export const BLACK_KING = 2;
export const WHITE_MAN = 3;
export const WHITE_KING = 4;
export type Piece = 0 | 1 | 2 | 3 | 4;

export interface Position {
  /** Index 1..32 (index 0 unused). */
  squares: Piece[];
  blackToMove: boolean;
}

export interface Move {
  /** Squares visited: start, then every landing square. */
  path: number[];
  /** Squares of the pieces taken, in order. */
  captures: number[];
  result: Position;
}

/** Row 0-7 from Black's side, column 0-7; square s lies on a dark square. */
export function coords(s: number): { row: number; col: number } {
  const row = Math.floor((s - 1) / 4);
  const i = (s - 1) % 4;
  return { row, col: row % 2 === 0 ? 2 * i + 1 : 2 * i };
}

/** The square at a row and column, or 0 off the board or on a light square. */
export function squareAt(row: number, col: number): number {
  if (row < 0 || row > 7 || col < 0 || col > 7) return 0;
  if ((row + col) % 2 === 0) return 0;
  return row * 4 + Math.floor(col / 2) + 1;
}

export const isBlack = (p: Piece): boolean => p === BLACK_MAN || p === BLACK_KING;
export const isWhite = (p: Piece): boolean => p === WHITE_MAN || p === WHITE_KING;
export const isKing = (p: Piece): boolean => p === BLACK_KING || p === WHITE_KING;
export const isMan = (p: Piece): boolean => p === BLACK_MAN || p === WHITE_MAN;

export function emptyPosition(blackToMove = true): Position {
  return { squares: new Array<Piece>(33).fill(EMPTY), blackToMove };
}

export function startPosition(): Position {
  const p = emptyPosition(true);
  for (let s = 1; s <= 12; s++) p.squares[s] = BLACK_MAN;
  for (let s = 21; s <= 32; s++) p.squares[s] = WHITE_MAN;
  return p;
}

/** Row steps a piece may take: Black men down (+1), White men up (-1), kings both. */
export function rowSteps(p: Piece): number[] {
  if (isKing(p)) return [1, -1];
  return isBlack(p) ? [1] : [-1];
}

const crownRow = (p: Piece): number => (p === BLACK_MAN ? 7 : p === WHITE_MAN ? 0 : -1);
const crowned = (p: Piece): Piece => (p === BLACK_MAN ? BLACK_KING : p === WHITE_MAN ? WHITE_KING : p);

function finish(pos: Position, from: number, path: number[], captures: number[]): Position {
  const sq = pos.squares.slice() as Piece[];
  let piece = sq[from]!;
  sq[from] = EMPTY;
  for (const c of captures) sq[c] = EMPTY;
  const to = path[path.length - 1]!;
  if (coords(to).row === crownRow(piece)) piece = crowned(piece);
  sq[to] = piece;
  return { squares: sq, blackToMove: !pos.blackToMove };
}

/** All legal moves of the side to move. */
export function legalMoves(pos: Position): Move[] {
  const mine = pos.blackToMove ? isBlack : isWhite;
  const theirs = pos.blackToMove ? isWhite : isBlack;
  const jumps: Move[] = [];
  for (let s = 1; s <= 32; s++) {
    const piece = pos.squares[s]!;
    if (!mine(piece)) continue;
    // Depth-first over jump paths. The moving piece has left `s`; captured pieces stay in
    // place (they block landing and cannot be taken again).
    const walk = (at: number, path: number[], captures: number[]): void => {
      const { row, col } = coords(at);
      let extended = false;
      for (const dr of rowSteps(piece)) {
        for (const dc of [-1, 1]) {
          const over = squareAt(row + dr, col + dc);
          const land = squareAt(row + 2 * dr, col + 2 * dc);
          if (over === 0 || land === 0) continue;
          if (!theirs(pos.squares[over]!) || captures.includes(over)) continue;
          if (land !== s && pos.squares[land] !== EMPTY) continue;
          extended = true;
          const p2 = [...path, land];
          const c2 = [...captures, over];
          // A man that reaches the far row is crowned and the move ends.
          if (coords(land).row === crownRow(piece)) jumps.push({ path: p2, captures: c2, result: finish(pos, s, p2, c2) });
          else walk(land, p2, c2);
        }
      }
      if (!extended && captures.length > 0) jumps.push({ path, captures, result: finish(pos, s, path, captures) });
    };
    walk(s, [s], []);
  }
  if (jumps.length > 0) return jumps;
  return steps(pos).map(([s, to]) => ({ path: [s, to], captures: [], result: finish(pos, s, [s, to], []) }));
}

/** Every ordinary (non-capturing) step of the side to move onto an empty square, as [from, to]. */
export function steps(pos: Position): [number, number][] {
  const mine = pos.blackToMove ? isBlack : isWhite;
  const out: [number, number][] = [];
  for (let s = 1; s <= 32; s++) {
    const piece = pos.squares[s]!;
    if (!mine(piece)) continue;
    const { row, col } = coords(s);
    for (const dr of rowSteps(piece)) {
      for (const dc of [-1, 1]) {
        const to = squareAt(row + dr, col + dc);
        if (to !== 0 && pos.squares[to] === EMPTY) out.push([s, to]);
      }
    }
  }
  return out;
}

export function perft(pos: Position, depth: number): number {
  if (depth === 0) return 1;
  const moves = legalMoves(pos);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) n += perft(m.result, depth - 1);
  return n;
}

/** A PDN/FEN position such as `W:WK17:B14,15,22,23` (side to move, then each colour's pieces). */
export function parseFen(fen: string): Position {
  const parts = fen.trim().replace(/\.$/, '').split(':');
  const side = parts[0]!.toUpperCase();
  if (side !== 'W' && side !== 'B') throw new Error(`bad side in ${fen}`);
  const pos = emptyPosition(side === 'B');
  for (const part of parts.slice(1)) {
    const colour = part[0]!.toUpperCase();
    if (colour !== 'W' && colour !== 'B') throw new Error(`bad colour in ${fen}`);
    for (const item of part.slice(1).split(',').filter((x) => x.length > 0)) {
      const king = item[0]!.toUpperCase() === 'K';
      const s = Number(king ? item.slice(1) : item);
      if (!Number.isInteger(s) || s < 1 || s > 32) throw new Error(`bad square ${item} in ${fen}`);
      pos.squares[s] = colour === 'B' ? (king ? BLACK_KING : BLACK_MAN) : king ? WHITE_KING : WHITE_MAN;
    }
  }
  return pos;
}

export function toFen(pos: Position): string {
  const list = (men: Piece, kings: Piece): string => {
    const out: string[] = [];
    for (let s = 1; s <= 32; s++) {
      if (pos.squares[s] === men) out.push(String(s));
      else if (pos.squares[s] === kings) out.push(`K${s}`);
    }
    return out.join(',');
  };
  return `${pos.blackToMove ? 'B' : 'W'}:W${list(WHITE_MAN, WHITE_KING)}:B${list(BLACK_MAN, BLACK_KING)}`;
}

/** Deterministic pseudo-random numbers (mulberry32), so failures can be replayed. */
export { rng };

/**
 * A random position with kings: each side gets up to `maxPerSide` pieces, each a king with
 * probability `kingShare`; men never stand on their own crowning row.
 */
export function randomPosition(rand: () => number, maxPerSide = 12, kingShare = 0.35): Position {
  const pos = emptyPosition(rand() < 0.5);
  const free = Array.from({ length: 32 }, (_, i) => i + 1);
  const take = (): number => free.splice(Math.floor(rand() * free.length), 1)[0]!;
  for (const black of [true, false]) {
    const n = 1 + Math.floor(rand() * maxPerSide);
    for (let i = 0; i < n; i++) {
      const s = take();
      const row = coords(s).row;
      const king = rand() < kingShare || (black ? row === 7 : row === 0);
      pos.squares[s] = black ? (king ? BLACK_KING : BLACK_MAN) : king ? WHITE_KING : WHITE_MAN;
    }
  }
  return pos;
}

/**
 * `n` test positions from `seed`: every `scatterEvery`-th (from the first) a random scatter
 * (`randomPosition`), the others reached by up to `maxPlies` random moves from the start.
 */
export function mixedPositions(seed: number, n: number, scatterEvery: number, maxPlies: number): Position[] {
  const rand = rng(seed);
  return Array.from({ length: n }, (_, i) => (i % scatterEvery === 0 ? randomPosition(rand) : randomGamePosition(rand, Math.floor(rand() * maxPlies))));
}

/** A position reached by `plies` random legal moves from the start (fewer if a side is stuck). */
export function randomGamePosition(rand: () => number, plies: number): Position {
  let pos = startPosition();
  for (let i = 0; i < plies; i++) {
    const moves = legalMoves(pos);
    if (moves.length === 0) break;
    pos = moves[Math.floor(rand() * moves.length)]!.result;
  }
  return pos;
}
