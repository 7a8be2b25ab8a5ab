// Pictures of a session: terminal charts (a sparkline, bars, a plot of points; plain ASCII when
// the output is not a terminal) and scenes (a board, stacked bars, lines) that src/pictures/ draws
// as SVG or PNG from the one description. Drawing only: every number drawn comes from the 704's
// printer lines recorded in the journal, or from its tapes.

import chalk from 'chalk';
import type { Scene, Shape } from '../pictures/scene.ts';
import type { Position } from '../checkers/notation/board.ts';

const SPARKS = '▁▂▃▄▅▆▇█';
const PLAIN_SPARKS = '_.-=*#';

/**
 * One character a value, scaled from 0 to the largest value; when some are negative, from −M to
 * +M (M the largest magnitude), so the lower half of the ramp is below zero and a sign change shows.
 */
export function sparkline(values: readonly number[], plain: boolean): string {
  const ramp = plain ? PLAIN_SPARKS : SPARKS;
  const top = ramp.length - 1;
  const level = (f: number): string => ramp[Math.min(top, Math.max(0, Math.floor(f * top + 0.5)))]!;
  if (values.some((v) => v < 0)) {
    const m = Math.max(...values.map(Math.abs));
    return values.map((v) => level((v + m) / (2 * m))).join('');
  }
  const max = Math.max(0, ...values);
  return values.map((v) => level(max > 0 ? v / max : 0)).join('');
}

/** A horizontal bar of `width` columns at full scale. */
export const bar = (value: number, max: number, width: number, plain: boolean): string =>
  (plain ? '#' : '█').repeat(max > 0 ? Math.round((value / max) * width) : 0);

export interface Block {
  /** 1-based numbers of the first and last game. */
  from: number;
  to: number;
  /** How many of the block's items are each category. */
  counts: number[];
}

/** Items counted by category in blocks of `size` (e.g. the winners of games: black, white, null). */
export function countBlocks<T>(items: readonly T[], size: number, categories: readonly T[]): Block[] {
  const blocks: Block[] = [];
  for (let i = 0; i < items.length; i += size) {
    const part = items.slice(i, i + size);
    blocks.push({ from: i + 1, to: i + part.length, counts: categories.map((c) => part.filter((x) => x === c).length) });
  }
  return blocks;
}

export const blockLabel = (b: Block): string => (b.from === b.to ? `${b.from}` : `${b.from}-${b.to}`);

/** About ten blocks whatever the number of games. */
export const blockSize = (games: number): number => Math.max(1, Math.ceil(games / 10));


export interface Series {
  name: string;
  values: readonly number[];
  color: string;
}

/** A labelled value on an axis. */
export interface Tick {
  value: number;
  label: string;
}

/** About `count` ticks at round integer steps (1, 2, 5 x 10^k) from lo to hi. */
export function niceTicks(lo: number, hi: number, count: number): Tick[] {
  const raw = Math.max(1, (hi - lo) / count);
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw)!;
  const ticks: Tick[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) ticks.push({ value: v, label: String(v) });
  return ticks;
}

// ---- scenes (src/pictures/svg.ts and png.ts draw them)

/** A board, Black (squares 1-4) at the top as Fig. B-1, square numbers small; kings ringed with a K. */
export function boardScene(p: Position, options: { size?: number; title?: string; highlight?: readonly number[]; numbers?: boolean } = {}): Scene {
  const size = options.size ?? 200;
  const cell = size / 8;
  const marked = new Set(options.highlight ?? []);
  const shapes: Shape[] = [];
  for (let r = 0; r < 8; r++) {
    for (let c = 0; c < 8; c++) {
      const [x, y] = [c * cell, r * cell];
      if ((r + c) % 2 === 0) {
        shapes.push({ kind: 'rect', x, y, w: cell, h: cell, fill: '#f1e3c5' });
        continue;
      }
      const s = 4 * r + Math.floor(c / 2) + 1;
      shapes.push({ kind: 'rect', x, y, w: cell, h: cell, fill: marked.has(s) ? '#c9a227' : '#6b8e4e' });
      // the number in the square's corner, drawn after the piece so a piece never hides it
      const number: Shape[] = options.numbers === false ? [] : [{ kind: 'text', x: x + 2, y: y + cell * 0.24, text: String(s), size: cell * 0.22, fill: '#e8f0e0', anchor: 'start' }];
      const piece = p.squares[s];
      if (!piece) {
        shapes.push(...number);
        continue;
      }
      const black = piece.toLowerCase() === 'b';
      const [cx, cy, rad] = [x + cell / 2, y + cell / 2, cell * 0.36];
      shapes.push({ kind: 'circle', cx, cy, r: rad, fill: black ? '#1d1d1d' : '#f7f3ea', stroke: black ? '#000000' : '#777777', strokeWidth: 1 });
      if (piece === piece.toUpperCase()) {
        shapes.push({ kind: 'circle', cx, cy, r: rad * 0.65, fill: null, stroke: '#c9a227', strokeWidth: 1.5 });
        shapes.push({ kind: 'text', x: cx, y: cy + cell * 0.12, text: 'K', size: cell * 0.32, fill: '#c9a227', anchor: 'middle' });
      }
      shapes.push(...number);
    }
  }
  return { width: size, height: size, title: options.title, shapes };
}

const CHART = { width: 640, plotH: 150, left: 48, right: 12, bottom: 34 };
const INK = '#222222';
const AXIS = '#888888';
/** The legend's entries: this wide, as many to a row as fit. */
const LEGEND_W = 100;

interface Frame {
  shapes: Shape[];
  y: (v: number) => number;
  plotW: number;
  height: number;
}

/**
 * The title (drawn at the top), the legend in rows under it, axes with their tick labels and
 * names (x below, y above the axis); `x` places a value along the axis.
 */
function frame(title: string, yTicks: readonly Tick[], min: number, max: number, xTicks: readonly Tick[], x: (v: number) => number, names: { x?: string; y?: string }, legend: readonly { name: string; color: string }[]): Frame {
  const { width, plotH, left, right, bottom } = CHART;
  const plotW = width - left - right;
  const perRow = Math.max(1, Math.floor(plotW / LEGEND_W));
  const legendRows = Math.ceil(legend.length / perRow);
  const top = 26 + 15 * legendRows + (names.y ? 14 : 4);
  const height = top + plotH + bottom;
  const y = (v: number): number => top + plotH - (max > min ? ((v - min) / (max - min)) * plotH : 0);
  const base = y(Math.min(Math.max(min, 0), max));
  const label = (xx: number, yy: number, text: string, anchor: 'start' | 'middle' | 'end', size = 10): Shape => ({ kind: 'text', x: xx, y: yy, text, size, fill: INK, anchor });
  const shapes: Shape[] = [
    label(8, 17, title, 'start', 14),
    { kind: 'line', x1: left, y1: base, x2: width - right, y2: base, stroke: AXIS, width: 1 },
    { kind: 'line', x1: left, y1: top, x2: left, y2: top + plotH, stroke: AXIS, width: 1 },
  ];
  for (const t of yTicks) shapes.push(label(left - 4, y(t.value) + 3, t.label, 'end'));
  for (const t of xTicks) shapes.push(label(x(t.value), height - 18, t.label, 'middle'));
  if (names.x) shapes.push(label(left + plotW / 2, height - 4, names.x, 'middle', 11));
  if (names.y) shapes.push(label(left - 40, top - 8, names.y, 'start', 11));
  legend.forEach((s, i) => {
    const [lx, ly] = [left + 8 + (i % perRow) * LEGEND_W, 26 + 15 * Math.floor(i / perRow)];
    shapes.push({ kind: 'rect', x: lx, y: ly, w: 10, h: 10, fill: s.color }, label(lx + 14, ly + 9, s.name, 'start', 11));
  });
  return { shapes, y, plotW, height };
}

const chartScene = (title: string, f: Frame): Scene => ({ width: CHART.width, height: f.height, title, background: '#ffffff', shapes: f.shapes });

/** Stacked bars, one a label: each series a layer from the bottom. */
export function stackedBarsScene(labels: readonly string[], series: readonly Series[], title: string, yName = 'games'): Scene {
  const totals = labels.map((_, i) => series.reduce((s, x) => s + (x.values[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const slot = (CHART.width - CHART.left - CHART.right) / Math.max(1, labels.length);
  const centre = (i: number): number => CHART.left + (i + 0.5) * slot;
  const step = Math.max(1, Math.ceil(labels.length / 12));
  const xTicks = labels.flatMap((label, i) => (i % step === 0 ? [{ value: i, label }] : []));
  const f = frame(title, [{ value: max, label: String(max) }, { value: 0, label: '0' }], 0, max, xTicks, centre, { x: 'games', y: yName }, series);
  labels.forEach((label, i) => {
    let base = 0;
    for (const s of series) {
      const v = s.values[i] ?? 0;
      if (v > 0) {
        const [y0, y1] = [f.y(base), f.y(base + v)];
        f.shapes.push({ kind: 'rect', x: centre(i) - slot * 0.35, y: y1, w: slot * 0.7, h: y0 - y1, fill: s.color, tip: `${label}: ${s.name} ${v}` });
      }
      base += v;
    }
  });
  return chartScene(title, f);
}

export interface LineOptions {
  /** Each point's position along the x axis (default 1, 2, ... n: games). */
  x?: readonly number[];
  /** What x counts (default games). */
  xName?: string;
  /** What y measures (drawn above the y axis; default the title's). */
  yName?: string;
  /** The y axis's labels (default its bottom, 0 and top). */
  yTicks?: readonly Tick[];
  /** A point's tooltip (default `game N: name value`). */
  tip?: (series: Series, i: number) => string;
}

/** Lines, all series on one scale from min(0, values, ticks) to the largest of them. */
export function linesScene(series: readonly Series[], title: string, o: LineOptions = {}): Scene {
  const n = Math.max(0, ...series.map((s) => s.values.length));
  const xs = o.x ?? Array.from({ length: n }, (_, i) => i + 1);
  const values = [...series.flatMap((s) => s.values), ...(o.yTicks ?? []).map((t) => t.value)];
  const min = Math.min(0, ...values);
  const max = Math.max(values.some((v) => v < 0) ? 0 : 1, ...values);
  const [x0, x1] = n ? [Math.min(...xs.slice(0, n)), Math.max(...xs.slice(0, n))] : [1, 1];
  const plotW = CHART.width - CHART.left - CHART.right;
  const x = (v: number): number => CHART.left + (x1 > x0 ? ((v - x0) / (x1 - x0)) * plotW : plotW / 2);
  const yTicks = o.yTicks ?? [{ value: max, label: String(max) }, { value: min, label: String(min) }, ...(min < 0 ? [{ value: 0, label: '0' }] : [])];
  const f = frame(title, yTicks, min, max, n ? niceTicks(x0, x1, 12) : [], x, { x: o.xName ?? 'games', y: o.yName }, series);
  const tip = o.tip ?? ((s: Series, i: number) => `game ${i + 1}: ${s.name} ${s.values[i]}`);
  for (const s of series) {
    const pts = s.values.map((v, i) => [x(xs[i]!), f.y(v)] as const);
    if (pts.length > 1) f.shapes.push({ kind: 'polyline', points: pts, stroke: s.color, width: 2 });
    pts.forEach(([cx, cy], i) => f.shapes.push({ kind: 'circle', cx, cy, r: 2.5, fill: s.color, tip: tip(s, i) }));
  }
  return chartScene(title, f);
}

// ---- terminal plot

const MARKS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Points of each series in a grid of `width` x `height` characters, a series drawn with its
 * number (1, 2, ...) in its colour, '*' where two meet (named in a line under the legend); the
 * y ticks on the left, x ticks below.
 */
export function terminalPlot(series: readonly Series[], o: { x?: readonly number[]; yTicks?: readonly Tick[]; width?: number; height?: number; plain: boolean }): string[] {
  const [width, height] = [o.width ?? 60, o.height ?? 13];
  const n = Math.max(0, ...series.map((s) => s.values.length));
  if (n === 0) return [];
  const xs = o.x ?? Array.from({ length: n }, (_, i) => i + 1);
  const values = [...series.flatMap((s) => s.values), ...(o.yTicks ?? []).map((t) => t.value)];
  const [min, max] = [Math.min(0, ...values), Math.max(...values, 0)];
  const [x0, x1] = [Math.min(...xs.slice(0, n)), Math.max(...xs.slice(0, n))];
  const col = (v: number): number => (x1 > x0 ? Math.round(((v - x0) / (x1 - x0)) * (width - 1)) : 0);
  const row = (v: number): number => (max > min ? Math.round(((max - v) / (max - min)) * (height - 1)) : height - 1);
  const grid: { ch: string; color: string | null }[][] = Array.from({ length: height }, () => Array.from({ length: width }, () => ({ ch: ' ', color: null })));
  const zero = row(0);
  for (const cell of grid[zero]!) cell.ch = o.plain ? '-' : '─';
  /** Which series fall on each cell (row * width + column), with the x and y of the first. */
  const visits = new Map<number, { ks: Set<number>; x: number; v: number }>();
  series.forEach((s, k) => s.values.forEach((v, i) => {
    const [r, c] = [row(v), col(xs[i]!)];
    const cell = grid[r]![c]!;
    const mark = MARKS[k % MARKS.length]!;
    Object.assign(cell, cell.color !== null && cell.ch !== mark ? { ch: '*', color: null } : cell.ch === '*' ? {} : { ch: mark, color: s.color });
    const seen = visits.get(r * width + c) ?? { ks: new Set<number>(), x: xs[i]!, v };
    seen.ks.add(k);
    visits.set(r * width + c, seen);
  }));
  const ticks = o.yTicks ?? [{ value: max, label: String(max) }, { value: 0, label: '0' }, { value: min, label: String(min) }];
  const labels = new Map(ticks.map((t) => [row(t.value), t.label]));
  const lw = Math.max(...ticks.map((t) => t.label.length));
  const paint = (c: { ch: string; color: string | null }): string => (c.color && !o.plain ? chalk.hex(c.color)(c.ch) : c.ch);
  const lines = grid.map((cells, r) => `${(labels.get(r) ?? '').padStart(lw)} ${o.plain ? '|' : '│'}${cells.map(paint).join('')}`);
  const axis = Array.from({ length: width }, () => ' ');
  for (const t of niceTicks(x0, x1, 6)) {
    const at = col(t.value) - Math.floor(t.label.length / 2);
    if (at >= 0 && at + t.label.length <= width && axis.slice(Math.max(0, at - 1), at + t.label.length + 1).every((c) => c === ' ')) [...t.label].forEach((c, i) => (axis[at + i] = c));
  }
  lines.push(`${' '.repeat(lw)}  ${axis.join('').trimEnd()}`);
  lines.push(series.map((s, k) => `${paint({ ch: MARKS[k % MARKS.length]!, color: s.color })} ${s.name}`).join('  '));
  // a '*' hides which curves meet there: name them
  const meets = [...visits.values()].filter((m) => m.ks.size > 1).sort((a, b) => a.x - b.x);
  const SHOWN = 8;
  if (meets.length) {
    const text = meets.slice(0, SHOWN).map((m) => `${m.x}: ${[...m.ks].map((k) => series[k]!.name).join(' ')} at ${m.v}`).join('; ');
    lines.push(`* where curves meet (x: curves at y): ${text}${meets.length > SHOWN ? `; and ${meets.length - SHOWN} more` : ''}`);
  }
  return lines;
}
