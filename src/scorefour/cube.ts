// The cube as people look at it: four layers side by side in the terminal (from the cube the 704
// printed), and the same as a picture scene (src/pictures/scene.ts) for SVG or PNG.

import chalk from 'chalk';
import type { Scene, Shape } from '../pictures/scene.ts';
import { cellName, type Cube } from './program/session.ts';

/** Four layers, row 4 at the top as the 704 prints them; `last` (a cell) is marked. */
export function cubeText(cube: Cube, last?: number): string {
  const lines = ['  ' + [1, 2, 3, 4].map((z) => `layer ${z}`.padEnd(9)).join('    ')];
  for (let y = 3; y >= 0; y--) {
    lines.push([0, 1, 2, 3].map((z) => `${y + 1} ` + [0, 1, 2, 3].map((x) => {
      const c = 16 * z + 4 * y + x;
      const s = cube[c]!;
      const t = s === 'X' ? chalk.red.bold('X') : s === 'O' ? chalk.blue.bold('O') : chalk.dim('.');
      return c === last ? chalk.inverse(t) : t;
    }).join(' ')).join('    '));
  }
  lines.push('  ' + [0, 1, 2, 3].map(() => 'A B C D').join('      '));
  return lines.join('\n');
}

/** The cube as four 4x4 boards in a row, X red and O blue, the last move ringed. */
export function cubeScene(cube: Cube, o: { title?: string; last?: number; cell?: number } = {}): Scene {
  const cell = o.cell ?? 28;
  const gap = cell;
  const top = 22;
  const shapes: Shape[] = [];
  for (let z = 0; z < 4; z++) {
    const left = 16 + z * (4 * cell + gap);
    shapes.push({ kind: 'text', x: left + 2 * cell, y: 14, text: `layer ${z + 1}`, size: 12, fill: '#222222', anchor: 'middle' });
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 4; x++) {
        const c = 16 * z + 4 * y + x;
        const [px, py] = [left + x * cell, top + (3 - y) * cell];
        shapes.push({ kind: 'rect', x: px, y: py, w: cell - 2, h: cell - 2, fill: (x + y) % 2 ? '#e8dcc0' : '#f3ead6', tip: cellName(c) });
        const s = cube[c];
        if (s === 'X' || s === 'O') {
          shapes.push({ kind: 'circle', cx: px + cell / 2 - 1, cy: py + cell / 2 - 1, r: cell * 0.36, fill: s === 'X' ? '#c0392b' : '#2e5c9a', stroke: c === o.last ? '#f1c40f' : '#333333', strokeWidth: c === o.last ? 3 : 1, tip: `${s} ${cellName(c)}` });
        }
      }
      shapes.push({ kind: 'text', x: left - 4, y: top + (3 - y) * cell + cell * 0.62, text: String(y + 1), size: 10, fill: '#555555', anchor: 'end' });
    }
    for (let x = 0; x < 4; x++) shapes.push({ kind: 'text', x: left + x * cell + cell / 2 - 1, y: top + 4 * cell + 12, text: 'ABCD'[x]!, size: 10, fill: '#555555', anchor: 'middle' });
  }
  return { width: 32 + 4 * 4 * cell + 3 * gap, height: top + 4 * cell + 20, title: o.title, background: '#ffffff', shapes };
}
