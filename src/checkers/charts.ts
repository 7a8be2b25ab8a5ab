// Pictures of a session: terminal charts (a sparkline, bars; plain ASCII when the output is not a
// terminal) and SVG (a board, stacked bars, lines) for the HTML report. Drawing only: every
// number drawn comes from the 704's printer lines recorded in the journal.

import type { Position } from './board.ts';

const SPARKS = '▁▂▃▄▅▆▇█';
const PLAIN_SPARKS = '_.-=*#';

/** One character a value, scaled from 0 to the largest value. */
export function sparkline(values: readonly number[], plain: boolean): string {
  const ramp = plain ? PLAIN_SPARKS : SPARKS;
  const max = Math.max(0, ...values);
  return values.map((v) => ramp[max > 0 ? Math.min(ramp.length - 1, Math.floor((v / max) * (ramp.length - 1) + 0.5)) : 0]).join('');
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

// ---- SVG

export const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const num = (x: number): string => String(Math.round(x * 10) / 10);

/** A board, Black (squares 1-4) at the top as Fig. B-1, square numbers small; kings ringed with a K. */
export function svgBoard(p: Position, options: { size?: number; title?: string; highlight?: readonly number[] } = {}): string {
  const size = options.size ?? 200;
  const cell = size / 8;
  const marked = new Set(options.highlight ?? []);
  const parts: string[] = [];
  for (let r = 0; r < 8; r++) {
    for (let c = 0; c < 8; c++) {
      const [x, y] = [c * cell, r * cell];
      if ((r + c) % 2 === 0) {
        parts.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(cell)}" height="${num(cell)}" fill="#f1e3c5"/>`);
        continue;
      }
      const s = 4 * r + Math.floor(c / 2) + 1;
      parts.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(cell)}" height="${num(cell)}" fill="${marked.has(s) ? '#c9a227' : '#6b8e4e'}"/>`);
      parts.push(`<text x="${num(x + 2)}" y="${num(y + cell * 0.28)}" font-size="${num(cell * 0.24)}" fill="#e8f0e0">${s}</text>`);
      const piece = p.squares[s];
      if (!piece) continue;
      const black = piece.toLowerCase() === 'b';
      const [cx, cy, rad] = [x + cell / 2, y + cell / 2, cell * 0.36];
      parts.push(`<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(rad)}" fill="${black ? '#1d1d1d' : '#f7f3ea'}" stroke="${black ? '#000' : '#777'}" stroke-width="1"/>`);
      if (piece === piece.toUpperCase()) {
        parts.push(`<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(rad * 0.65)}" fill="none" stroke="#c9a227" stroke-width="1.5"/>`);
        parts.push(`<text x="${num(cx)}" y="${num(cy + cell * 0.12)}" font-size="${num(cell * 0.32)}" text-anchor="middle" fill="#c9a227">K</text>`);
      }
    }
  }
  const title = options.title ? `<title>${escapeXml(options.title)}</title>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${num(size)} ${num(size)}" width="${num(size)}" height="${num(size)}" role="img">${title}${parts.join('')}</svg>`;
}

export interface Series {
  name: string;
  values: readonly number[];
  color: string;
}

const CHART = { width: 640, height: 220, left: 44, right: 12, top: 24, bottom: 30 };

/** Axes, labels and legend; `centred` puts label i in the middle of slot i (bars), else on point i (lines). */
function frame(min: number, max: number, xLabels: readonly string[], title: string, legend: readonly { name: string; color: string }[], centred: boolean): { body: string[]; x: (i: number, n: number) => number; y: (v: number) => number; plotW: number } {
  const { width, height, left, right, top, bottom } = CHART;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const y = (v: number): number => top + plotH - (max > min ? ((v - min) / (max - min)) * plotH : 0);
  const x = (i: number, n: number): number => left + (centred ? ((i + 0.5) * plotW) / Math.max(1, n) : n <= 1 ? plotW / 2 : (i * plotW) / (n - 1));
  const body = [
    `<title>${escapeXml(title)}</title>`,
    `<line x1="${left}" y1="${num(y(Math.max(min, 0)))}" x2="${width - right}" y2="${num(y(Math.max(min, 0)))}" stroke="#888"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotH}" stroke="#888"/>`,
    `<text x="${left - 4}" y="${top + 4}" font-size="10" text-anchor="end">${num(max)}</text>`,
    `<text x="${left - 4}" y="${top + plotH}" font-size="10" text-anchor="end">${num(min)}</text>`,
    ...(min < 0 ? [`<text x="${left - 4}" y="${num(y(0) + 3)}" font-size="10" text-anchor="end">0</text>`] : []),
  ];
  const step = Math.max(1, Math.ceil(xLabels.length / 12));
  xLabels.forEach((l, i) => {
    if (i % step === 0) body.push(`<text x="${num(x(i, xLabels.length))}" y="${height - 10}" font-size="10" text-anchor="middle">${escapeXml(l)}</text>`);
  });
  legend.forEach((s, i) => body.push(`<rect x="${left + 8 + i * 96}" y="6" width="10" height="10" fill="${s.color}"/><text x="${left + 22 + i * 96}" y="15" font-size="11">${escapeXml(s.name)}</text>`));
  return { body, x, y, plotW };
}

const svgWrap = (body: readonly string[]): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CHART.width} ${CHART.height}" width="${CHART.width}" height="${CHART.height}" role="img" font-family="sans-serif">${body.join('')}</svg>`;

/** Stacked bars, one a label: each series a layer from the bottom. */
export function svgStackedBars(labels: readonly string[], series: readonly Series[], title: string): string {
  const totals = labels.map((_, i) => series.reduce((s, x) => s + (x.values[i] ?? 0), 0));
  const f = frame(0, Math.max(1, ...totals), labels, title, series, true);
  const slot = f.plotW / Math.max(1, labels.length);
  labels.forEach((label, i) => {
    let base = 0;
    for (const s of series) {
      const v = s.values[i] ?? 0;
      if (v > 0) {
        const [y0, y1] = [f.y(base), f.y(base + v)];
        f.body.push(`<rect x="${num(f.x(i, labels.length) - slot * 0.35)}" y="${num(y1)}" width="${num(slot * 0.7)}" height="${num(y0 - y1)}" fill="${s.color}"><title>${escapeXml(`${label}: ${s.name} ${v}`)}</title></rect>`);
      }
      base += v;
    }
  });
  return svgWrap(f.body);
}

/** Lines over games 1..n, all series on one scale from min(0, values) to the largest value. */
export function svgLines(series: readonly Series[], title: string): string {
  const n = Math.max(0, ...series.map((s) => s.values.length));
  const labels = Array.from({ length: n }, (_, i) => String(i + 1));
  const values = series.flatMap((s) => s.values);
  const f = frame(Math.min(0, ...values), Math.max(values.some((v) => v < 0) ? 0 : 1, ...values), labels, title, series, false);
  for (const s of series) {
    const pts = s.values.map((v, i) => `${num(f.x(i, n))},${num(f.y(v))}`);
    if (pts.length > 1) f.body.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${s.color}" stroke-width="2"/>`);
    s.values.forEach((v, i) => f.body.push(`<circle cx="${num(f.x(i, n))}" cy="${num(f.y(v))}" r="2.5" fill="${s.color}"><title>${escapeXml(`game ${i + 1}: ${s.name} ${v}`)}</title></circle>`));
  }
  return svgWrap(f.body);
}
