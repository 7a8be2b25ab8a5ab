// Independent TypeScript reference for the 38 terms of Samuel's Appendix C (terms.sap), for tests
// only. Written from Appendix C and the readings recorded in docs/checkers-terms.md, on rows and
// columns of the reference board (reference.ts) — no bit words. Active = the side to move.
// MOB, DENY, CENT, ADV come from searchref.ts (already tested against params.sap).

import {
  EMPTY, coords, isBlack, isKing, isMan, isWhite, squareAt,
  type Piece, type Position,
} from './reference.ts';
import { ADV, CENT, DENY, MOB, mobSquares, turned } from './searchref.ts';

const SQ = Array.from({ length: 32 }, (_, i) => i + 1);

interface Sides {
  act: (s: number) => boolean;
  pas: (s: number) => boolean;
  empty: (s: number) => boolean;
}

function sides(pos: Position): Sides {
  const mine = pos.blackToMove ? isBlack : isWhite;
  const theirs = pos.blackToMove ? isWhite : isBlack;
  return {
    act: (s) => s !== 0 && mine(pos.squares[s]!),
    pas: (s) => s !== 0 && theirs(pos.squares[s]!),
    empty: (s) => s !== 0 && pos.squares[s] === EMPTY,
  };
}

/** The square one diagonal step from s (dr, dc = ±1), 0 off the board. */
const step = (s: number, dr: number, dc: number, n = 1): number => {
  const { row, col } = coords(s);
  return squareAt(row + n * dr, col + n * dc);
};
const DIRS: [number, number][] = [[1, 1], [1, -1], [-1, 1], [-1, -1]];

const noMen = (pos: Position): boolean => SQ.every((s) => !isMan(pos.squares[s]!));
const passiveIsBlack = (pos: Position): boolean => !pos.blackToMove;
const count = (xs: number[], f: (s: number) => boolean): number => xs.filter(f).length;
const credit = (pos: Position, side: (p: Piece) => boolean): number =>
  SQ.reduce((n, s) => {
    const p = pos.squares[s]!;
    return side(p) ? n + (isKing(p) ? 3 : 2) : n;
  }, 0);

export function APEX(pos: Position): number {
  const { act, pas } = sides(pos);
  if (SQ.some((s) => isKing(pos.squares[s]!))) return 0;
  if (!(act(7) || act(26))) return 0;
  if (pas(7) || pas(26)) return 0;
  return -1;
}

const BRIDGE = { black: [1, 3], white: [30, 32] };
const OREO_SQ = { black: [2, 3, 7], white: [26, 30, 31] };
const activeKings = (pos: Position): boolean => {
  const { act } = sides(pos);
  return SQ.some((s) => act(s) && isKing(pos.squares[s]!));
};
const passiveKings = (pos: Position): boolean => {
  const { pas } = sides(pos);
  return SQ.some((s) => pas(s) && isKing(pos.squares[s]!));
};

export function BACK(pos: Position): number {
  if (activeKings(pos) || noMen(pos)) return 0;
  const { pas } = sides(pos);
  return (passiveIsBlack(pos) ? BRIDGE.black : BRIDGE.white).every(pas) ? 1 : 0;
}

const CENTRE = [10, 11, 14, 15, 18, 19, 22, 23]; // bits 11 12 15 16 20 21 24 25

export function CNTR(pos: Position): number {
  const { act } = sides(pos);
  const mob = mobSquares(pos);
  return count(CENTRE, (s) => act(s) || mob.has(s));
}

export function CORN(pos: Position): number {
  const a = credit(pos, pos.blackToMove ? isBlack : isWhite);
  const p = credit(pos, pos.blackToMove ? isWhite : isBlack);
  if (a > 6 || p <= a) return 0;
  const mob = mobSquares(pos);
  return [1, 5, 28, 32].some((s) => mob.has(s)) ? 1 : 0;
}

export function CRAMP(pos: Position): number {
  if (noMen(pos)) return 0; // the program cannot tell the colours (docs)
  const { act, pas } = sides(pos);
  const black = passiveIsBlack(pos);
  const cramp = black ? 13 : 20;
  const near = black ? [9, 14] : [19, 24];
  const held = black ? [17, 21, 22, 25] : [8, 11, 12, 16];
  return pas(cramp) && near.some(pas) && held.every(act) ? 2 : 0;
}

/** Distance, in diagonals, from the double-corner diagonals (col - row = ±1). */
const diagDist = (s: number): number => {
  const { row, col } = coords(s);
  return (Math.abs(col - row) - 1) / 2;
};

export function DIA(pos: Position): number {
  const { pas } = sides(pos);
  return count(SQ, (s) => pas(s) && diagDist(s) === 0);
}

/** In halves: 3 on the double-corner diagonals, 2 one away, 1 two away. */
export function DIAV(pos: Position): number {
  const { pas } = sides(pos);
  return SQ.reduce((n, s) => (pas(s) ? n + Math.max(0, 3 - diagDist(s)) : n), 0);
}

export function DYKE(pos: Position): number {
  const { pas } = sides(pos);
  let n = 0;
  for (const s of SQ) {
    for (const [dr, dc] of [[1, 1], [1, -1]] as [number, number][]) {
      if (pas(s) && pas(step(s, dr, dc)) && pas(step(s, dr, dc, 2))) n++;
    }
  }
  return n;
}

/**
 * MOB squares where a piece moved there can be captured, and every such capture is answered by a
 * recapture of the capturer on its landing square. Played out on a copy of the board with the
 * same simplifications as DENY (the mover's origin is left as it is, the capturer's further jumps
 * are not followed).
 */
export function EXCH(pos: Position): number {
  const mine = pos.blackToMove ? isBlack : isWhite;
  const theirs = pos.blackToMove ? isWhite : isBlack;
  const dirOf = (p: Piece): number[] => (isKing(p) ? [1, -1] : isBlack(p) ? [1] : [-1]);
  let n = 0;
  for (const s of mobSquares(pos)) {
    let captures = 0;
    let recaptured = 0;
    for (const [dr, dc] of DIRS) {
      const a = step(s, -dr, -dc);
      const l = step(s, dr, dc);
      if (a === 0 || l === 0 || !theirs(pos.squares[a]!) || !dirOf(pos.squares[a]!).includes(dr) || pos.squares[l] !== EMPTY) continue;
      captures++;
      const sq = pos.squares.slice() as Piece[];
      sq[l] = sq[a]!;
      sq[a] = EMPTY;
      sq[s] = EMPTY;
      const back = DIRS.some(([er, ec]) => {
        const x = step(l, -er, -ec);
        const y = step(l, er, ec);
        return x !== 0 && y !== 0 && mine(sq[x]!) && dirOf(sq[x]!).includes(er) && sq[y] === EMPTY;
      });
      if (back) recaptured++;
    }
    if (captures > 0 && recaptured === captures) n++;
  }
  return n;
}
export const RECAP = EXCH;

export function EXPOS(pos: Position): number {
  const { pas, empty } = sides(pos);
  return count(SQ, (s) => pas(s) && ((empty(step(s, 1, 1)) && empty(step(s, -1, -1))) || (empty(step(s, 1, -1)) && empty(step(s, -1, 1)))));
}

export function FORK(pos: Position): number {
  const { pas, empty } = sides(pos);
  const dirOf = (p: Piece): number[] => (isKing(p) ? [1, -1] : isBlack(p) ? [1] : [-1]);
  const mine = pos.blackToMove ? isBlack : isWhite;
  let n = 0;
  for (const a of SQ) {
    const { row, col } = coords(a);
    const b = squareAt(row, col + 2); // the neighbour in the same row
    if (b === 0 || !pas(a) || !pas(b)) continue;
    for (const dr of [-1, 1]) {
      // Attack square next to both, in the row on side dr; it jumps toward -dr.
      const x = squareAt(row + dr, col + 1);
      const la = squareAt(row - dr, col - 1);
      const lb = squareAt(row - dr, col + 3);
      if (!empty(x) || !empty(la) || !empty(lb)) continue;
      // An active piece that moves toward -dr can step onto x from the far side.
      const from = [squareAt(row + 2 * dr, col), squareAt(row + 2 * dr, col + 2)];
      if (from.some((f) => f !== 0 && mine(pos.squares[f]!) && dirOf(pos.squares[f]!).includes(-dr))) n++;
    }
  }
  return n;
}

export function GAP(pos: Position): number {
  const { pas, empty } = sides(pos);
  return count(SQ, (s) => {
    if (!empty(s)) return false;
    for (const [dr, dc] of [[1, 1], [1, -1]] as [number, number][]) {
      const u = step(s, dr, dc);
      const v = step(s, -dr, -dc);
      if ((pas(u) && (pas(v) || v === 0)) || (pas(v) && u === 0)) return true;
    }
    return false;
  });
}

export function GUARD(pos: Position): number {
  if (activeKings(pos) || noMen(pos)) return 0;
  const { pas } = sides(pos);
  const black = passiveIsBlack(pos);
  return (black ? BRIDGE.black : BRIDGE.white).every(pas) || (black ? OREO_SQ.black : OREO_SQ.white).every(pas) ? 1 : 0;
}

export function HOLE(pos: Position): number {
  const { pas, empty } = sides(pos);
  return count(SQ, (s) => empty(s) && DIRS.filter(([dr, dc]) => pas(step(s, dr, dc))).length >= 3);
}

export function KCENT(pos: Position): number {
  const { pas } = sides(pos);
  return count(CENTRE, (s) => pas(s) && isKing(pos.squares[s]!));
}

export const MOBIL = (pos: Position): number => MOB(pos) - DENY(pos);

export function MOVE(pos: Position): number {
  const nb = count(SQ, (s) => isBlack(pos.squares[s]!));
  const nw = count(SQ, (s) => isWhite(pos.squares[s]!));
  if (nb !== nw) return 0;
  const total = credit(pos, isBlack) + credit(pos, isWhite);
  if (total >= 24) return 0;
  // The files (columns) starting at squares 1-4 are columns 1, 3, 5, 7.
  const inSystem = count(SQ, (s) => pos.squares[s] !== EMPTY && coords(s).col % 2 === 1);
  return inSystem % 2;
}

export function NODE(pos: Position): number {
  const { pas, empty } = sides(pos);
  return count(SQ, (s) => pas(s) && DIRS.filter(([dr, dc]) => empty(step(s, dr, dc))).length >= 3);
}

export function OREO(pos: Position): number {
  if (passiveKings(pos)) return 0;
  const { pas } = sides(pos);
  return (passiveIsBlack(pos) ? OREO_SQ.black : OREO_SQ.white).every(pas) ? 1 : 0;
}

export function POLE(pos: Position): number {
  const { pas, empty } = sides(pos);
  return count(SQ, (s) => pas(s) && isMan(pos.squares[s]!) && DIRS.every(([dr, dc]) => empty(step(s, dr, dc))));
}

export function THRET(pos: Position): number {
  const { pas, empty } = sides(pos);
  const mine = pos.blackToMove ? isBlack : isWhite;
  const dirOf = (p: Piece): number[] => (isKing(p) ? [1, -1] : isBlack(p) ? [1] : [-1]);
  return count(SQ, (t) => {
    if (!empty(t)) return false;
    for (const [dr, dc] of DIRS) {
      // A piece at f = t - (dr, dc) moves (dr, dc) onto t.
      const f = step(t, -dr, -dc);
      if (f === 0 || !mine(pos.squares[f]!)) continue;
      const dirs = dirOf(pos.squares[f]!);
      if (!dirs.includes(dr)) continue;
      for (const jr of dirs) {
        for (const jc of [1, -1]) {
          if (pas(step(t, jr, jc)) && empty(step(t, jr, jc, 2))) return true;
        }
      }
    }
    return false;
  });
}

// ---- binary connective terms

/** The simple term of a parameter: its value for the position minus for the position turned round. */
export const term = (f: (p: Position) => number, pos: Position): number => f(pos) - f(turned(pos));

/**
 * Appendix C's form: the parameter for the position minus the same parameter for the position
 * just prior to the last move, each for its own side to move (the "necessary reversal": the
 * earlier position has the other side to move). For a connective the "parameter" is its 0/1 on
 * each board.
 */
export const priorTerm = (f: (p: Position) => number, pos: Position, prev: Position): number => f(pos) - f(prev);

/** Connective of forms 1 A.B, 2 A.notB, 3 notA.B, 4 notA.notB on the sign basis (> 0 is 1). */
export function connective(form: number, ta: number, tb: number): number {
  const a = ta > 0;
  const b = tb > 0;
  const v = [a && b, a && !b, !a && b, !a && !b][form - 1]!;
  return v ? 1 : 0;
}

const conn = (a: (p: Position) => number, b: (p: Position) => number, form: number) =>
  (pos: Position): number => connective(form, term(a, pos), term(b, pos));

/** The 38 terms in Appendix C's order: name (6 characters as printed) and reference. */
export const TERMS: [string, (p: Position) => number][] = [
  ['ADV', ADV], ['APEX', APEX], ['BACK', BACK], ['CENT', CENT], ['CNTR', CNTR], ['CORN', CORN],
  ['CRAMP', CRAMP], ['DENY', DENY], ['DIA', DIA], ['DIAV', DIAV], ['DYKE', DYKE], ['EXCH', EXCH],
  ['EXPOS', EXPOS], ['FORK', FORK], ['GAP', GAP], ['GUARD', GUARD], ['HOLE', HOLE], ['KCENT', KCENT],
  ['MOB', MOB], ['MOBIL', MOBIL], ['MOVE', MOVE], ['NODE', NODE], ['OREO', OREO], ['POLE', POLE],
  ['RECAP', RECAP], ['THRET', THRET],
  ['DEMO', conn(DENY, MOB, 1)], ['DEMMO', conn(DENY, MOB, 2)], ['DDEMO', conn(DENY, MOB, 3)], ['DDMM', conn(DENY, MOB, 4)],
  ['MODE 1', conn(MOBIL, DENY, 1)], ['MODE 2', conn(MOBIL, DENY, 2)], ['MODE 3', conn(MOBIL, DENY, 3)], ['MODE 4', conn(MOBIL, DENY, 4)],
  // Appendix C lists MOC 1, MOC 3, MOC 2, MOC 4 in the order A.B, A.notB, notA.B, notA.notB.
  ['MOC 1', conn(MOBIL, CENT, 1)], ['MOC 2', conn(MOBIL, CENT, 3)], ['MOC 3', conn(MOBIL, CENT, 2)], ['MOC 4', conn(MOBIL, CENT, 4)],
];

/** Hand-made positions: edge cases and positions that make the rare parameters non-zero. */
export const SPECIAL = [
  // all pieces home, either side to move
  'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12',
  'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12',
  // kings only (colour unknown to the program), one piece each, empty areas
  'B:WK14,K15,K19:BK10,K22,K23', 'W:WK1,K3,K30,K32:BK13,K9,K17,K21,K22,K25', 'B:WK32:BK1', 'W:W32:B1', 'B:W29:B4',
  // CRAMP: Black passive on 13 and 9, White on 17 21 22 25 (White to move); the mirror
  'W:W17,21,22,25,30:B13,9,2', 'B:W20,19,31:B8,11,12,16,3', 'W:WK17,21,22,25:B13,14',
  // CORN: the side to move behind, 6 credits or less, a double corner within reach
  'B:W20,21,22,23:B6,9', 'W:W24:B1,2,3,10', 'B:WK20,K21:BK1,2',
  // APEX: no kings, active man on 7 or 26, no passive man there
  'B:W21,22,23:B7,9', 'W:W26,30:B1,2,3', 'B:W7,30:B26',
  // BACK, GUARD, OREO: bridges and triangles
  'B:W30,32,26,31:B9,10,11', 'W:W20,21:B1,3,2,7', 'W:WK20,21:B1,3', 'B:W26,30,31:BK9',
  // FORK, THRET, EXCH, GAP, HOLE, NODE, POLE, DYKE
  'B:W14,15,22:B6,10', 'W:W27,23:B14,15,6', 'B:W18,19:B10,11,15', 'B:W15,19:B6,K24',
  'W:W9,13,17,22,26:B1,10,14,18', 'B:W32,28,24,19,23,27:B1,5,9,14,6', 'B:W12,16,20:B6,7,8',
];
