// A halma position followed from the 704's MOVE lines, for display only (the 704 decides what is
// legal), drawn in the terminal and as a scene (src/pictures/scene.ts). Squares are named as the
// cards name them: a column letter (A from the left) and a row number (1 is side 1's first row).

import type { Scene, Shape } from '../pictures/scene.ts';

/** Camp triangle side by board size: the 704's table HCAMP (asm/halma/board.sap). */
export const CAMP_SIDE: Readonly<Record<number, number>> = { 6: 3, 8: 4, 12: 5 };

export interface HalmaBoard {
  n: number;
  /** cells[r][c], r = 0 is row 1: 0 empty, 1 or 2. */
  cells: number[][];
}

export function startBoard(n: number): HalmaBoard {
  const k = CAMP_SIDE[n];
  if (!k) throw new Error(`halma is played on 6, 8 or 12 squares a side, not ${n}`);
  return { n, cells: [...Array(n)].map((_, r) => [...Array(n)].map((__, c) => (r + c < k ? 1 : 2 * n - 2 - r - c < k ? 2 : 0))) };
}

export function parseSquare(s: string): [number, number] {
  const m = /^([A-L])(\d{1,2})$/.exec(s);
  if (!m) throw new Error(`${s}: not a square (a column letter A-L and a row number)`);
  return [Number(m[2]) - 1, m[1]!.charCodeAt(0) - 65];
}

/** Play a MOVE line's from-to on the board (display only). */
export function applyMove(b: HalmaBoard, from: string, to: string): void {
  const [fr, fc] = parseSquare(from);
  const [tr, tc] = parseSquare(to);
  b.cells[tr]![tc] = b.cells[fr]![fc]!;
  b.cells[fr]![fc] = 0;
}

/** The board as text, row N at the top, as the 704 prints it (X side 1, O side 2). */
export function boardText(b: HalmaBoard, colour = false): string {
  const mark = (v: number): string => (v === 1 ? (colour ? '\x1b[31mX\x1b[0m' : 'X') : v === 2 ? (colour ? '\x1b[34mO\x1b[0m' : 'O') : '.');
  const rows = [...Array(b.n).keys()].reverse().map((r) => `${String(r + 1).padStart(2)} ${b.cells[r]!.map(mark).join(' ')}`);
  const letters = `   ${[...Array(b.n).keys()].map((c) => String.fromCharCode(65 + c)).join(' ')}`;
  return [...rows, letters].join('\n');
}

export function halmaScene(b: HalmaBoard, title?: string, size = 320): Scene {
  const cell = size / b.n;
  const k = CAMP_SIDE[b.n] ?? 0;
  const shapes: Shape[] = [];
  for (let r = 0; r < b.n; r++) {
    for (let c = 0; c < b.n; c++) {
      const [x, y] = [c * cell, (b.n - 1 - r) * cell];
      const camp = r + c < k ? '#f3d9d4' : 2 * b.n - 2 - r - c < k ? '#d6def3' : (r + c) % 2 ? '#f4efe4' : '#e9e1cf';
      shapes.push({ kind: 'rect', x, y, w: cell, h: cell, fill: camp });
      const v = b.cells[r]![c]!;
      if (v) shapes.push({ kind: 'circle', cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.36, fill: v === 1 ? '#c0392b' : '#2c4f9e', stroke: '#222222', strokeWidth: 1, tip: `${String.fromCharCode(65 + c)}${r + 1}` });
    }
  }
  return { width: size, height: size, title, background: '#ffffff', shapes };
}
