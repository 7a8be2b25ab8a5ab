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
