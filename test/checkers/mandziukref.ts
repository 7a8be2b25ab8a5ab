// Independent reference for the Mańdziuk features, heuristics and search (seed 002; docs/mandziuk.md),
// for tests only: written from the paper's definitions on rows and columns (reference.ts), with no
// knowledge of the 704's board words or masks.

import {
  BLACK_KING, BLACK_MAN, EMPTY, WHITE_KING, WHITE_MAN, coords, isBlack, isWhite, legalMoves, squareAt,
  type Piece, type Position,
} from './reference.ts';

export type Colour = 0 | 1; // 0 Black, 1 White

const mine = (c: Colour, p: Piece): boolean => (c === 0 ? isBlack(p) : isWhite(p));
const manOf = (c: Colour): Piece => (c === 0 ? BLACK_MAN : WHITE_MAN);
const kingOf = (c: Colour): Piece => (c === 0 ? BLACK_KING : WHITE_KING);

/** The (up to four) diagonal neighbours of square s. */
function neighbours(s: number): number[] {
  const { row, col } = coords(s);
  return [[1, 1], [1, -1], [-1, 1], [-1, -1]].map(([dr, dc]) => squareAt(row + dr!, col + dc!)).filter((x) => x !== 0);
}

/** Rows a colour's man still has to go: Black moves toward row 7, White toward row 0. */
const toGo = (c: Colour, s: number): number => (c === 0 ? 7 - coords(s).row : coords(s).row);
/** Row counted from the colour's own side (0 = its lowermost row). */
const ownRow = (c: Colour, s: number): number => (c === 0 ? coords(s).row : 7 - coords(s).row);
/** White's pattern squares as the paper draws them; Black's turned round (s -> 33 - s). */
const pat = (c: Colour, white: number[]): number[] => (c === 1 ? white : white.map((s) => 33 - s));

/** Features 1-25 (index 1..25) of colour c. */
export function features(pos: Position, c: Colour): number[] {
  const sq = pos.squares;
  const o: Colour = c === 0 ? 1 : 0;
  const all = [...Array(32).keys()].map((i) => i + 1);
  const men = all.filter((s) => sq[s] === manOf(c));
  const kings = all.filter((s) => sq[s] === kingOf(c));
  const pieces = [...men, ...kings];
  const edge = (s: number): boolean => { const { row, col } = coords(s); return row === 0 || row === 7 || col === 0 || col === 7; };
  const centre = (s: number): boolean => { const { row, col } = coords(s); return row >= 2 && row <= 5 && col >= 2 && col <= 5; };
  const mainDiag = (s: number): boolean => { const { row, col } = coords(s); return row + col === 7; };
  const doubleDiag = (s: number): boolean => { const { row, col } = coords(s); return Math.abs(row - col) === 1; };
  const forward = (s: number): number[] => {
    const { row, col } = coords(s);
    const dr = c === 0 ? 1 : -1;
    return [squareAt(row + dr, col - 1), squareAt(row + dr, col + 1)].filter((x) => x !== 0);
  };
  const lonely = (s: number): boolean => neighbours(s).every((n) => sq[n] === EMPTY);
  const count = (xs: number[], f: (s: number) => boolean): number => xs.filter(f).length;
  const has = (squares: number[], piece: Piece): boolean => squares.every((s) => sq[s] === piece);
  const f: number[] = new Array(26).fill(0);
  f[1] = men.length;
  f[2] = kings.length;
  f[3] = count(men, edge);
  f[4] = count(kings, edge);
  f[5] = count(men, (s) => forward(s).some((n) => sq[n] === EMPTY));
  f[6] = count(kings, (s) => neighbours(s).some((n) => sq[n] === EMPTY));
  f[7] = men.reduce((a, s) => a + toGo(c, s), 0);
  f[8] = count(all, (s) => sq[s] === EMPTY && ownRow(c, s) === 7);
  f[9] = count(pieces, (s) => ownRow(c, s) <= 1);
  f[10] = count(men, (s) => ownRow(c, s) >= 5);
  f[11] = count(men, centre);
  f[12] = count(kings, centre);
  f[13] = count(men, mainDiag);
  f[14] = count(kings, mainDiag);
  f[15] = count(men, doubleDiag);
  f[16] = count(kings, doubleDiag);
  f[17] = count(men, lonely);
  f[18] = count(kings, lonely);
  f[19] = count(all, (s) => sq[s] === EMPTY && neighbours(s).filter((n) => mine(c, sq[n]!)).length >= 3);
  f[20] = has(pat(c, [27, 31, 32]), manOf(c)) ? 1 : 0;
  f[21] = has(pat(c, [26, 30, 31]), manOf(c)) ? 1 : 0;
  f[22] = has(pat(c, [30, 32]), manOf(c)) ? 1 : 0;
  f[23] = has(pat(c, [32]), manOf(c)) && has(pat(c, [28]), manOf(o)) ? 1 : 0;
  f[24] = has(pat(c, [29]), manOf(c)) ? 1 : 0;
  f[25] = has(pat(c, [4]), kingOf(c)) ? 1 : 0;
  return f;
}

// ---- heuristics (paper section 4, Table 1)

/** A term: feature number and how it enters (d: own minus opponent's, own, opp: raw counts). */
type Term = [number, 'd' | 'own' | 'opp'];
const d = (...fs: number[]): Term[] => fs.map((x) => [x, 'd']);
const F8 = d(1, 2, 3, 4, 5, 6, 8, 7);

export interface HeuristicDef { terms: { checkers: Term[]; giveaway: Term[] }; phases: 1 | 3 | 5 }
const same = (t: Term[]): { checkers: Term[]; giveaway: Term[] } => ({ checkers: t, giveaway: t });

export const HEURISTICS: Record<string, HeuristicDef> = {
  '8F': { terms: same(F8), phases: 1 },
  '10F': { terms: same([[1, 'own'], [1, 'opp'], [2, 'own'], [2, 'opp'], ...d(3, 4, 5, 6, 8, 7)]), phases: 1 },
  '15F': { terms: { checkers: d(1, 2, 3, 4, 10, 11, 12, 9, 19, 22, 21, 20, 23, 24, 25), giveaway: d(1, 2, 7, 3, 10, 11, 12, 5, 9, 14, 16, 17, 19, 23, 24) }, phases: 1 },
  '19F': { terms: same(d(...Array.from({ length: 19 }, (_, i) => i + 1))), phases: 1 },
  '25F': { terms: same(d(...Array.from({ length: 25 }, (_, i) => i + 1))), phases: 1 },
  '3PH': { terms: same(F8), phases: 3 },
  '5PH': { terms: same(F8), phases: 5 },
  'E3PH': { terms: { checkers: d(1, 2, 3, 10, 11, 12, 16, 22, 21, 20, 23, 25), giveaway: d(1, 2, 7, 3, 10, 12, 5, 9, 14, 16, 17, 19, 23) }, phases: 3 },
  'NULL': { terms: same([]), phases: 1 },
};

export const geneCount = (name: string, giveaway = false): number => {
  const h = HEURISTICS[name]!;
  return (giveaway ? h.terms.giveaway : h.terms.checkers).length * h.phases;
};

/** The phase of a position for the heuristic of colour p (section 4.2). */
export function phase(pos: Position, p: Colour, phases: number): number {
  if (phases === 1) return 0;
  const o: Colour = p === 0 ? 1 : 0;
  const [fp, fo] = [features(pos, p), features(pos, o)];
  if (fp[1]! + fp[2]! <= 3 || fo[1]! + fo[2]! <= 3) return phases - 1;
  if (fp[2]! + fo[2]! === 0) return 0;
  if (phases === 3) return 1;
  if (fo[2] === 0) return 1;
  if (fp[2] === 0) return 2;
  return 3;
}

/** The heuristic of colour p with these weights, for the side to move (negated when p is not to move). */
export function evaluate(pos: Position, name: string, weights: readonly number[], p: Colour, giveaway = false): number {
  if (name === 'NULL') return 0;
  const h = HEURISTICS[name]!;
  const terms = giveaway ? h.terms.giveaway : h.terms.checkers;
  const o: Colour = p === 0 ? 1 : 0;
  const [fp, fo] = [features(pos, p), features(pos, o)];
  const base = phase(pos, p, h.phases) * terms.length;
  let sum = 0;
  terms.forEach(([f, mode], i) => {
    const v = mode === 'd' ? fp[f]! - fo[f]! : mode === 'own' ? fp[f]! : fo[f]!;
    sum += (weights[base + i] ?? 0) * v;
  });
  const toMove: Colour = pos.blackToMove ? 0 : 1;
  return (toMove === p ? sum : -sum) + 0;
}

export const MAX_WIN = 131072;
export const STEP = 1024;

/** Plain minimax (negamax, no pruning) to `depth` complete moves: the value for the side to move at the root. */
export function minimax(pos: Position, depth: number, leaf: (p: Position) => number, giveaway = false, g = 0): number {
  const moves = legalMoves(pos);
  if (moves.length === 0) return giveaway ? MAX_WIN - g * STEP : g * STEP - MAX_WIN;
  if (depth === 0) return leaf(pos);
  let best = -Infinity;
  for (const m of moves) best = Math.max(best, -minimax(m.result, depth - 1, leaf, giveaway, g + 1));
  return best + 0;
}
