// Independent TypeScript reference for the search part, for tests only: the scoring polynomial
// (docs/checkers-search.md) computed on rows and columns, and a plain minimax (no pruning)
// with the same dynamic-ply rules, null replies inside multiple jumps, loss when unable to move
// and the direction sense. Written from the definitions, not from the 704 code.

import {
  BLACK_KING, BLACK_MAN, EMPTY, WHITE_KING, WHITE_MAN, coords, isBlack, isKing, isMan, isWhite, legalMoves, rowSteps, squareAt,
  steps,
  type Move, type Piece, type Position,
} from './reference.ts';

export interface Params {
  vpw1: number;
  vpw2: number;
  give: boolean;
  /** Coefficients of DENY, MOB, CENT/ADV (0 drops the term). */
  cDeny: number;
  cMob: number;
  cCadv: number;
  pmin: number;
  p4: number;
  p5: number;
  p11: number;
  pmax: number;
  ahead: number;
  jadj: number;
  win: number;
  /** Fewer pieces than this at the root (0: never) move pmin, p4, p5 up by fsh (Samuel, Ply limitations). */
  few: number;
  fsh: number;
}

export const DEFAULTS: Params = {
  vpw1: 256, vpw2: 4096, give: false, cDeny: -32, cMob: 16, cCadv: -8,
  pmin: 3, p4: 4, p5: 5, p11: 11, pmax: 20, ahead: 6, jadj: 32768, win: 2 ** 30, few: 5, fsh: 2,
};

/** The break points a search from `pos` uses: shifted when few pieces are left. */
export function breakPoints(pos: Position, q: Params): Params {
  const pieces = pos.squares.filter((p) => p !== EMPTY && p !== undefined).length;
  return q.few > 0 && pieces < q.few ? { ...q, pmin: q.pmin + q.fsh, p4: q.p4 + q.fsh, p5: q.p5 + q.fsh } : q;
}

/** The side to move is "active"; parameters follow Appendix C's active/passive wording. */
const mineOf = (pos: Position) => (pos.blackToMove ? isBlack : isWhite);
const theirsOf = (pos: Position) => (pos.blackToMove ? isWhite : isBlack);

/** The same board with the other side to move (the 704's "turned" record). */
export const turned = (pos: Position): Position => ({ squares: pos.squares, blackToMove: !pos.blackToMove });

/** Empty squares an active piece can reach by an ordinary move. */
export const mobSquares = (pos: Position): Set<number> => new Set(steps(pos).map(([, to]) => to));

export const MOB = (pos: Position): number => mobSquares(pos).size;

/** The passive jumps (jumper, landing) over a piece on empty square s, landing square empty now. */
function capturesOver(pos: Position, s: number): { a: number; l: number }[] {
  const theirs = theirsOf(pos);
  const { row, col } = coords(s);
  const out: { a: number; l: number }[] = [];
  for (const dr of [-1, 1]) {
    for (const dc of [-1, 1]) {
      const a = squareAt(row - dr, col - dc); // the jumper, moving (dr, dc)
      const l = squareAt(row + dr, col + dc); // its landing square
      if (a === 0 || l === 0) continue;
      const p = pos.squares[a]!;
      if (theirs(p) && rowSteps(p).includes(dr) && pos.squares[l] === EMPTY) out.push({ a, l });
    }
  }
  return out;
}

/** Exchange offers (the search's ply rule): MOB squares where a piece could be jumped at all. */
export function OFFER(pos: Position): number {
  return [...mobSquares(pos)].filter((s) => capturesOver(pos, s).length > 0).length;
}

/**
 * DENY: MOB squares where a piece could be captured without an exchange: some passive jump over
 * it after which no active piece can jump the capturer. Played out on a copy of the board: the
 * active piece put on s (its origin left as it is), then the capture made.
 */
export function DENY(pos: Position): number {
  const mine = mineOf(pos);
  let n = 0;
  for (const s of mobSquares(pos)) {
    const denied = capturesOver(pos, s).some(({ a, l }) => {
      const sq = pos.squares.slice() as Piece[];
      const jumper = sq[a]!;
      sq[a] = EMPTY;
      sq[s] = EMPTY;
      sq[l] = jumper;
      const { row, col } = coords(l);
      for (const dr of [-1, 1]) {
        for (const dc of [-1, 1]) {
          const x = squareAt(row - dr, col - dc);
          const y = squareAt(row + dr, col + dc);
          if (x === 0 || y === 0) continue;
          const p = sq[x]!;
          if (mine(p) && rowSteps(p).includes(dr) && sq[y] === EMPTY) return false; // recaptured
        }
      }
      return true;
    });
    if (denied) n++;
  }
  return n;
}

const CENTRE = [10, 11, 14, 15, 18, 19, 22, 23]; // bits 11 12 15 16 20 21 24 25

export function CENT(pos: Position): number {
  const theirs = theirsOf(pos);
  return CENTRE.filter((s) => theirs(pos.squares[s]!) && isMan(pos.squares[s]!)).length;
}

export function ADV(pos: Position): number {
  const theirs = theirsOf(pos);
  let v = 0;
  for (let s = 1; s <= 32; s++) {
    const p = pos.squares[s]!;
    if (!theirs(p) || !isMan(p)) continue;
    // Row counted from the man's own back row, 1-8.
    const r = coords(s).row;
    const own = p === BLACK_MAN ? r + 1 : 8 - r;
    if (own === 5 || own === 6) v++;
    if (own === 3 || own === 4) v--;
  }
  return v;
}

export const CADV = (pos: Position): number => CENT(pos) + ADV(pos);

/** Material credits, 2 a man and 3 a king: [active minus passive, total]. */
export function material(pos: Position): [number, number] {
  let m = 0;
  let t = 0;
  for (let s = 1; s <= 32; s++) {
    const p = pos.squares[s]!;
    if (p === EMPTY) continue;
    const c = isKing(p) ? 3 : 2;
    if (mineOf(pos)(p)) m += c;
    else t += c;
  }
  return [m - t, m + t];
}

export function pieceTerm(pos: Position, q: Params = DEFAULTS): number {
  const [d, t] = material(pos);
  const v = q.vpw1 * d + (t === 0 ? 0 : Math.trunc((q.vpw2 * d) / t));
  return q.give ? -v : v;
}

/** The polynomial in units (EVAL's ESUM). */
export function polynomial(pos: Position, q: Params = DEFAULTS): number {
  const r = turned(pos);
  return pieceTerm(pos, q)
    + q.cDeny * (DENY(pos) - DENY(r))
    + q.cMob * (MOB(pos) - MOB(r))
    + q.cCadv * (CADV(pos) - CADV(r));
}

export const evalScore = (pos: Position, q: Params = DEFAULTS): number => 64 * polynomial(pos, q);

// ---- single hops (a move, or one jump of a multiple jump)

export interface State {
  pos: Position;
  /** 0, or the square of the piece that must jump on (the null-reply position). */
  only: number;
}

export interface Hop {
  from: number;
  to: number;
  jump: boolean;
  /** The same side moves again (the jump goes on). */
  cont: boolean;
  next: State;
}

function jumpsOf(pos: Position, s: number): { over: number; land: number }[] {
  const p = pos.squares[s]!;
  const theirs = theirsOf(pos);
  const { row, col } = coords(s);
  const out: { over: number; land: number }[] = [];
  for (const dr of rowSteps(p)) {
    for (const dc of [-1, 1]) {
      const over = squareAt(row + dr, col + dc);
      const land = squareAt(row + 2 * dr, col + 2 * dc);
      if (over === 0 || land === 0) continue;
      if (theirs(pos.squares[over]!) && pos.squares[land] === EMPTY) out.push({ over, land });
    }
  }
  return out;
}

const crownRow = (p: Piece): number => (p === BLACK_MAN ? 7 : p === WHITE_MAN ? 0 : -1);

export function hops(st: State): Hop[] {
  const { pos } = st;
  const mine = mineOf(pos);
  const out: Hop[] = [];
  const from = st.only ? [st.only] : [...Array(32).keys()].map((i) => i + 1).filter((s) => mine(pos.squares[s]!));
  for (const s of from) {
    for (const { over, land } of jumpsOf(pos, s)) {
      const sq = pos.squares.slice() as Piece[];
      let p = sq[s]!;
      sq[s] = EMPTY;
      sq[over] = EMPTY;
      const crowned = coords(land).row === crownRow(p);
      if (crowned) p = p === BLACK_MAN ? BLACK_KING : WHITE_KING;
      sq[land] = p;
      const mid: Position = { squares: sq, blackToMove: pos.blackToMove };
      const cont = !crowned && jumpsOf(mid, land).length > 0;
      out.push({ from: s, to: land, jump: true, cont, next: cont ? { pos: mid, only: land } : { pos: { squares: sq, blackToMove: !pos.blackToMove }, only: 0 } });
    }
  }
  if (out.length > 0 || st.only) return out;
  for (const s of from) {
    const p = pos.squares[s]!;
    const { row, col } = coords(s);
    for (const dr of rowSteps(p)) {
      for (const dc of [-1, 1]) {
        const t = squareAt(row + dr, col + dc);
        if (t === 0 || pos.squares[t] !== EMPTY) continue;
        const sq = pos.squares.slice() as Piece[];
        sq[s] = EMPTY;
        sq[t] = coords(t).row === crownRow(p) ? (p === BLACK_MAN ? BLACK_KING : WHITE_KING) : p;
        out.push({ from: s, to: t, jump: false, cont: false, next: { pos: { squares: sq, blackToMove: !pos.blackToMove }, only: 0 } });
      }
    }
  }
  return out;
}

export interface SearchStats {
  evals: number;
  deepest: number;
}

const shrink = (v: number, p: number): number => (v > 0 ? v - p : v < 0 ? v + p : 0);

/** Plain minimax (negamax): the score of the state at ply p for its side to move. */
export function nodeValue(st: State, p: number, lastJump: boolean, q: Params, stats: SearchStats): number {
  stats.deepest = Math.max(stats.deepest, p);
  const hs = hops(st);
  const leaf = (v: number): number => {
    stats.evals++;
    return shrink(v, p);
  };
  if (hs.length === 0) return leaf(q.give ? q.win : -q.win);
  const jumpNext = hs[0]!.jump;
  let stop: boolean;
  if (p >= q.pmax || p >= 37) {
    // a pending jump is a man won: credited, or in give-away a man to be rid of, debited
    return leaf(evalScore(st.pos, q) + (jumpNext ? (q.give ? -q.jadj : q.jadj) : 0));
  } else if (st.only) stop = false;
  else if (p < q.pmin) stop = false;
  else if (jumpNext) stop = p >= q.p11 && Math.abs(material(st.pos)[0]) > q.ahead;
  else if (p >= q.p5) stop = true;
  else if (p < q.p4 && lastJump) stop = false;
  else stop = OFFER(st.pos) === 0;
  if (stop) return leaf(evalScore(st.pos, q));
  let best = -Infinity;
  for (const h of hs) {
    const v = nodeValue(h.next, p + 1, h.jump, q, stats);
    const w = h.cont ? v : 0 - v;
    if (w > best) best = w;
  }
  return best;
}

export interface RootResult {
  moves: Move[];
  scores: number[];
  best: number;
  score: number;
  stats: SearchStats;
}

/** Score every complete move of the position (root moves count as one ply each). */
export function searchRef(pos: Position, q0: Params = DEFAULTS): RootResult {
  const q = breakPoints(pos, q0);
  const moves = legalMoves(pos);
  const stats: SearchStats = { evals: 0, deepest: 0 };
  const scores = moves.map((m) => 0 - nodeValue({ pos: m.result, only: 0 }, 1, m.captures.length > 0, q, stats));
  let best = 0;
  for (let k = 1; k < scores.length; k++) if (scores[k]! > scores[best]!) best = k;
  return { moves, scores, best, score: moves.length ? scores[best]! : q.give ? q.win : -q.win, stats };
}
