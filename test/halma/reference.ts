// Halma as docs/halma.md states it, written for the tests (independent of the 704 program): a
// square board of rows and columns, the corner triangles for camps, slides to the 8 neighbours,
// chains of jumps over one adjacent piece of either side (the moving piece lifted), nothing
// captured; a move is its two ends.

export type Cell = 0 | 1 | 2;

export interface HalmaPosition {
  n: number;
  /** board[r][c]: 0 empty, 1 or 2 a piece of that side. */
  board: Cell[][];
  toMove: 1 | 2;
}

/** Camp triangle side by board size (docs/halma.md). */
export const CAMP: Record<number, number> = { 6: 3, 8: 4, 12: 5 };

export function startHalma(n: number): HalmaPosition {
  const k = CAMP[n]!;
  const board = [...Array(n)].map((_, r) => [...Array(n)].map((__, c): Cell => (r + c < k ? 1 : (n - 1 - r) + (n - 1 - c) < k ? 2 : 0)));
  return { n, board, toMove: 1 };
}

export interface HalmaMove { from: [number, number]; to: [number, number] }

const DIRS = [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [-1, -1], [1, -1], [-1, 1]] as const;

export function halmaMoves(p: HalmaPosition): HalmaMove[] {
  const { n, board } = p;
  const inside = (r: number, c: number): boolean => r >= 0 && c >= 0 && r < n && c < n;
  const out: HalmaMove[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (board[r]![c] !== p.toMove) continue;
      for (const [dr, dc] of DIRS) {
        if (inside(r + dr, c + dc) && board[r + dr]![c + dc] === 0) out.push({ from: [r, c], to: [r + dr, c + dc] });
      }
      const seen = new Set<string>([`${r},${c}`]);
      const walk = (rr: number, cc: number): void => {
        for (const [dr, dc] of DIRS) {
          const [mr, mc, tr, tc] = [rr + dr, cc + dc, rr + 2 * dr, cc + 2 * dc];
          if (!inside(tr, tc)) continue;
          const over = mr === r && mc === c ? 0 : board[mr]![mc];
          const land = tr === r && tc === c ? 0 : board[tr]![tc];
          if (over === 0 || land !== 0 || seen.has(`${tr},${tc}`)) continue;
          seen.add(`${tr},${tc}`);
          out.push({ from: [r, c], to: [tr, tc] });
          walk(tr, tc);
        }
      };
      walk(r, c);
    }
  }
  return out;
}

export function playHalma(p: HalmaPosition, m: HalmaMove): HalmaPosition {
  const board = p.board.map((row) => [...row]);
  board[m.to[0]]![m.to[1]] = board[m.from[0]]![m.from[1]]!;
  board[m.from[0]]![m.from[1]] = 0;
  return { n: p.n, board, toMove: p.toMove === 1 ? 2 : 1 };
}

export function halmaPerft(p: HalmaPosition, depth: number): number {
  const moves = halmaMoves(p);
  if (depth === 1) return moves.length;
  return moves.reduce((t, m) => t + halmaPerft(playHalma(p, m), depth - 1), 0);
}

/** The mover's view (docs/halma.md): side 1 as is, side 2 turned half round; north is toward the opponent's camp rows. */
const view = (p: HalmaPosition, r: number, c: number): [number, number] => (p.toMove === 1 ? [r, c] : [p.n - 1 - r, p.n - 1 - c]);

/** Seale's 15 halma parameters (his Appendix B) as docs/halma.md reads them, for the side to move. */
export function halmaParams(p: HalmaPosition): number[] {
  const n = p.n;
  const me = p.toMove;
  const them = me === 1 ? 2 : 1;
  // cell in the mover's view -> content (3 off the board)
  const at = (r: number, c: number): number => {
    if (r < 0 || c < 0 || r >= n || c >= n) return 3;
    const [br, bc] = p.toMove === 1 ? [r, c] : [n - 1 - r, n - 1 - c];
    return p.board[br]![bc]!;
  };
  const mine: [number, number][] = [];
  const theirs: [number, number][] = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
    const v = at(r, c);
    if (v === me) mine.push([r, c]);
    else if (v === them) theirs.push([r, c]);
  }
  const par = new Array<number>(15).fill(0);
  const D = { N: [1, 0], NE: [1, 1], E: [0, 1], SE: [-1, 1], S: [-1, 0], SW: [-1, -1], W: [0, -1], NW: [1, -1] } as const;
  // 1 stragglers
  if (mine.length > 1) {
    const least = Math.min(...mine.map(([r, c]) => r + c));
    for (const [r, c] of mine) {
      if (r + c !== least) continue;
      const d = Math.min(...mine.filter(([r2, c2]) => r2 !== r || c2 !== c).map(([r2, c2]) => Math.max(Math.abs(r2 - r), Math.abs(c2 - c))));
      if (d >= 2) par[0]! += d;
    }
  }
  let above = 0;
  let below = 0;
  for (const [r, c] of mine) {
    if (at(r + 1, c + 1) === me) par[1]!++;
    if (at(r + 1, c) === me) par[2]!++;
    if (at(r, c + 1) === me) par[3]!++;
    if (c > r) above++;
    if (r > c) below++;
    (['SW', 'S', 'W', 'SE', 'NW'] as const).forEach((k, i) => {
      const [dr, dc] = D[k];
      if (at(r + dr, c + dc) === them && at(r - dr, c - dc) === 0) par[5 + i]!++;
    });
  }
  if (Math.abs(above - below) > 1) par[4] = Math.abs(above - below);
  for (const [r, c] of theirs) {
    (['SW', 'S', 'W', 'NE', 'SE'] as const).forEach((k, i) => {
      const [dr, dc] = D[k];
      if (at(r + dr, c + dc) === me && at(r + 2 * dr, c + 2 * dc) !== 0) par[10 + i]!++;
    });
  }
  return par;
}

/** His drive to win: the mover's advancement less the other side's, each in its own view. */
export function halmaDrive(p: HalmaPosition): number {
  let s = 0;
  for (let r = 0; r < p.n; r++) for (let c = 0; c < p.n; c++) {
    const v = p.board[r]![c]!;
    if (v === 0) continue;
    const [vr, vc] = view({ ...p, toMove: v as 1 | 2 }, r, c);
    s += (v === p.toMove ? 1 : -1) * (vr + vc);
  }
  return s;
}

/** Has side `s` won: the other side's camp full of its pieces (1), or full with at most one of the other's left in it (2, his stall rule)? 0 not. */
export function halmaWon(p: HalmaPosition, s: 1 | 2): number {
  const k = CAMP[p.n]!;
  let mine = 0;
  let other = 0;
  for (let r = 0; r < p.n; r++) for (let c = 0; c < p.n; c++) {
    const inTarget = s === 1 ? (p.n - 1 - r) + (p.n - 1 - c) < k : r + c < k;
    if (!inTarget) continue;
    const v = p.board[r]![c]!;
    if (v === 0) return 0;
    if (v === s) mine++; else other++;
  }
  return other === 0 ? 1 : other <= 1 ? 2 : 0;
}
