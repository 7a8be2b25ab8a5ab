// An independent Score-Four reference for the tests (Broeker 1989, section 2): the 76 lines found
// by walking the 13 directions of the cube, legal moves with and without gravity, four in a row,
// POLY's line counts and value, the aggression factor, and a plain minimax (no pruning) that
// picks the first best move in cell order. Cell c = 16z + 4y + x; stones: 0 empty, 1 X, 2 O.

export type Board = number[]; // 64 cells

const inCube = (v: number): boolean => v >= 0 && v < 4;

/** The lines of four: from each cell in each of the 13 directions (one of each ± pair), kept if all four cells lie in the cube and the cell before does not. */
export const LINES: number[][] = (() => {
  const dirs: [number, number, number][] = [];
  for (let dz = -1; dz <= 1; dz++) for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
    const first = [dz, dy, dx].find((d) => d !== 0);
    if (first === 1) dirs.push([dx, dy, dz]);
  }
  const out: number[][] = [];
  for (let z = 0; z < 4; z++) for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) {
    for (const [dx, dy, dz] of dirs) {
      if (inCube(x - dx) && inCube(y - dy) && inCube(z - dz)) continue;
      const cells = [0, 1, 2, 3].map((i) => [x + i * dx, y + i * dy, z + i * dz] as const);
      if (cells.every(([a, b, c]) => inCube(a) && inCube(b) && inCube(c))) out.push(cells.map(([a, b, c]) => 16 * c + 4 * b + a));
    }
  }
  return out;
})();

export const emptyBoard = (): Board => new Array<number>(64).fill(0);

export function legalMoves(b: Board, gravity: boolean): number[] {
  return b.flatMap((s, c) => (s === 0 && (!gravity || c < 16 || b[c - 16] !== 0) ? [c] : []));
}

export const wins = (b: Board, side: 1 | 2): boolean => LINES.some((l) => l.every((c) => b[c] === side));

/** Lines holding exactly k stones of `side` and none of the other's, k = 1, 2, 3. */
export function lineCounts(b: Board, side: 1 | 2): [number, number, number] {
  const n: [number, number, number] = [0, 0, 0];
  for (const l of LINES) {
    const own = l.filter((c) => b[c] === side).length;
    const other = l.filter((c) => b[c] !== 0 && b[c] !== side).length;
    if (other === 0 && own >= 1 && own <= 3) n[own - 1]!++;
  }
  return n;
}

export const poly = (b: Board, side: 1 | 2, coef: readonly number[]): number =>
  lineCounts(b, side).reduce((s, n, k) => s + n * coef[k]!, 0);

const other = (s: 1 | 2): 1 | 2 => (s === 1 ? 2 : 1);

/** The 704's aggression factor F = min(4096, floor(64 PA / max(PB, 1))) for `side` to move (eval.sap). */
export function aggressionFactor(b: Board, side: 1 | 2, coef: readonly number[], gravity: boolean): { pa: number; pb: number; f: number } {
  const best = (s: 1 | 2): number => Math.max(0, ...legalMoves(b, gravity).map((c) => {
    const t = [...b];
    t[c] = s;
    return poly(t, s, coef);
  }));
  const pa = best(side);
  const pb = best(other(side));
  return { pa, pb, f: Math.min(4096, Math.floor((64 * pa) / Math.max(pb, 1))) };
}

const WIN = 2 ** 34;

/** Plain negamax to `depth` plies from `side`'s move; the value scale is the 704's (64 x PA/PB x POLY(alpha) - 64 x POLY(beta)). */
export function bestMove(b: Board, side: 1 | 2, coef: readonly number[], depth: number, o: { aggression?: boolean; gravity?: boolean } = {}): { move: number; value: number } {
  const gravity = o.gravity ?? false;
  const f = o.aggression ? aggressionFactor(b, side, coef, gravity).f : 64;
  const leaf = (t: Board, toMove: 1 | 2): number => {
    const v = f * poly(t, side, coef) - 64 * poly(t, other(side), coef);
    return toMove === side ? v : -v;
  };
  const search = (t: Board, toMove: 1 | 2, ply: number): { move: number; value: number } => {
    if (ply === depth) return { move: -1, value: leaf(t, toMove) };
    let best = { move: -1, value: -Infinity };
    for (const c of legalMoves(t, gravity)) {
      t[c] = toMove;
      const v = wins(t, toMove) ? WIN - ply : -search(t, other(toMove), ply + 1).value;
      t[c] = 0;
      if (v > best.value) best = { move: c, value: v };
    }
    return best.move < 0 ? { move: -1, value: 0 } : best;
  };
  return search([...b], side, 0);
}

/** Cell in the cards' notation: layer 1-4, column A-D, row 1-4 (2C3). */
export const notation = (c: number): string => `${Math.floor(c / 16) + 1}${'ABCD'[c % 4]}${(Math.floor(c / 4) % 4) + 1}`;

/** A random position: `n` stones, X and O alternating from X, no four in a row, legal under `gravity`. */
export function randomPosition(rand: () => number, n: number, gravity: boolean): { board: Board; toMove: 1 | 2 } {
  for (;;) {
    const b = emptyBoard();
    let s: 1 | 2 = 1;
    let ok = true;
    for (let i = 0; i < n && ok; i++) {
      const m = legalMoves(b, gravity);
      b[m[Math.floor(rand() * m.length)]!] = s;
      ok = !wins(b, s);
      s = other(s);
    }
    if (ok) return { board: b, toMove: s };
  }
}
