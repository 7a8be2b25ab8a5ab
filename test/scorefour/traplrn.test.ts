// traplrn.sap on the emulated 704 (Broeker 3.2): a Stage 1 side that loses learns the trap that beat
// it - the winner's move before the win, the plane through it where two lines each hold three of
// the winner's stones and an empty cell, simplified to those lines' stones - and adds it with all its
// rotations and reflections, each permuted nine times; a trap already in the table adds nothing.

import { describe, expect, it } from 'vitest';
import { scorefourAssembly } from '../../src/scorefour/program/deck.ts';
import { ScorefourSession } from '../../src/scorefour/program/session.ts';
import { Scorefour704 } from './harness.ts';

const q = new Scorefour704();
const ALL: Set<string> = new Set(Array.from({ length: 288 }, (_, k) => `${q.peek('QTRPS', 2 * k)},${q.peek('QTRPS', 2 * k + 1)}`));

const SYMMETRIES: ((u: number, v: number) => [number, number])[] = [
  (u, v) => [u, v], (u, v) => [3 - v, u], (u, v) => [3 - u, 3 - v], (u, v) => [v, 3 - u],
  (u, v) => [3 - u, v], (u, v) => [u, 3 - v], (u, v) => [v, u], (u, v) => [3 - v, 3 - u],
];
const image = (cells: number[], f: (u: number, v: number) => [number, number]): number[] => cells.map((k) => { const [u, v] = f(k % 4, Math.floor(k / 4)); return 4 * v + u; });
const mask = (cells: number[]): number => cells.reduce((s, k) => s | (1 << k), 0);

/** The trap of two lines meeting in m, in all 8 symmetries, each with the 9 choices of one empty cell a line. */
function variants(line1: number[], line2: number[], m: number): Set<string> {
  const out = new Set<string>();
  for (const f of SYMMETRIES) {
    const [a, b, [mm]] = [image(line1, f), image(line2, f), image([m], f)];
    const [ca, cb] = [a.filter((k) => k !== mm), b.filter((k) => k !== mm)];
    for (const e1 of ca) for (const e2 of cb) out.add(`${mask([...ca, ...cb].filter((k) => k !== e1 && k !== e2))},${mask([mm!, e1, e2])}`);
  }
  return out;
}

// O forks X in layer 1: row 1 (1B1 1C1) and column A (1A2 1A3) meet in 1A1; X blocks 1D1, O wins on 1A4
const GAME = ['4A1', '1B1', '4C2', '1C1', '3D3', '1A2', '2B4', '1A3', '4D4', '1A1', '1D1', '1A4'];

function lose(times: number): { lines: string[]; table: Set<string>; n: number; level2: number } {
  const s = new ScorefourSession(['TRAPS CLEAR', 'TRAPS LEARN ON', 'STAGE1 X 1', 'BOARD OFF', ...Array.from({ length: times }, () => ['GAME CARDS', ...GAME]).flat()], true);
  const r = s.run();
  const sym = (n: string): number => scorefourAssembly().symbols.get(n)!;
  const mem = s.machine.cpu.mem;
  const n = mem[sym('QTRPN')]!;
  const end = sym('QTEND');
  const table = new Set(Array.from({ length: n }, (_, k) => `${mem[end - 2 * n + 2 * k]},${mem[end - 2 * n + 2 * k + 1]}`));
  return { lines: r.lines, table, n, level2: mem[sym('QTN8')]! / 2 };
}

describe('learning a trap from a lost game (Broeker 3.2)', () => {
  it('the trap that won, with its rotations and reflections each permuted nine times: 36 for this symmetric one', () => {
    const { lines, table, n, level2 } = lose(1);
    expect(lines).toContain('GAME OVER - O WINS');
    const expected = variants([0, 1, 2, 3], [0, 4, 8, 12], 0);
    expect(expected.size).toBe(36); // row x column at a corner: symmetric about the diagonal, 4 images x 9
    expect(lines).toContain('TRAPS LEARNT 36 TABLE 36');
    expect(n).toBe(36);
    expect(table).toEqual(expected);
    for (const p of table) expect(ALL.has(p)).toBe(true);
    expect(level2).toBe(4 * 36);
  });

  it('the same trap again adds nothing; a side not playing Stage 1 learns nothing', () => {
    const twice = lose(2);
    expect(twice.lines.filter((l) => l.startsWith('TRAPS LEARNT'))).toEqual(['TRAPS LEARNT 36 TABLE 36', 'TRAPS LEARNT 0 TABLE 36']);
    const s = new ScorefourSession(['TRAPS CLEAR', 'TRAPS LEARN ON', 'BOARD OFF', 'GAME CARDS', ...GAME], true);
    expect(s.run().lines.some((l) => l.startsWith('TRAPS LEARNT'))).toBe(false);
  });
});
