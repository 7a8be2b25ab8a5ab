// The raster back end of a scene (scene.ts): an RGB pixel buffer and the few things charts and
// boards need - filled rectangles, lines and polylines of a width, filled and ringed circles
// (edges smoothed by how much of each pixel the shape covers), and text in our 5x7 font.

import { ADVANCE, GLYPH_H, glyph, textCells } from './font.ts';
import { encodePng, type RgbImage } from './png.ts';
import { rgbOf, type Colour, type Scene, type Shape } from './scene.ts';

type Rgb = [number, number, number];
const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);

/** Distance from (px, py) to the segment (x1, y1)-(x2, y2). */
function segmentDistance(px: number, py: number, x1: number, y1: number, x2: number, y2: number): number {
  const [dx, dy] = [x2 - x1, y2 - y1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / len2));
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
}

export class Raster implements RgbImage {
  readonly rgb: Uint8Array;

  constructor(readonly width: number, readonly height: number, paper: Colour = '#ffffff') {
    this.rgb = new Uint8Array(width * height * 3);
    const [r, g, b] = rgbOf(paper);
    for (let i = 0; i < this.rgb.length; i += 3) this.rgb.set([r, g, b], i);
  }

  pixel(x: number, y: number): Rgb {
    const i = (y * this.width + x) * 3;
    return [this.rgb[i]!, this.rgb[i + 1]!, this.rgb[i + 2]!];
  }

  /** Mix colour c into pixel (x, y) by coverage a (0-1); outside the picture nothing happens. */
  blend(x: number, y: number, c: Rgb, a: number): void {
    if (a <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    for (let k = 0; k < 3; k++) this.rgb[i + k] = Math.round(this.rgb[i + k]! * (1 - a) + c[k]! * a);
  }

  /** Every pixel of the box [x0, x1) x [y0, y1) whose centre the function covers (0-1). */
  private cover(x0: number, y0: number, x1: number, y1: number, c: Colour, coverage: (px: number, py: number) => number): void {
    const rgb = rgbOf(c);
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.height, Math.ceil(y1)); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(this.width, Math.ceil(x1)); x++) this.blend(x, y, rgb, clamp01(coverage(x + 0.5, y + 0.5)));
    }
  }

  /** Pixels from round(x) to round(x + w): adjacent rectangles neither overlap nor leave a gap. */
  fillRect(x: number, y: number, w: number, h: number, c: Colour): void {
    this.cover(Math.round(x), Math.round(y), Math.round(x + w), Math.round(y + h), c, () => 1);
  }

  /** Segments joined, `width` pixels wide; where they overlap a pixel takes the colour once (the most any segment covers it). */
  polyline(points: readonly (readonly [number, number])[], width: number, c: Colour): void {
    const half = Math.max(1, width) / 2;
    const pad = half + 1;
    const x0 = Math.max(0, Math.floor(Math.min(...points.map((p) => p[0])) - pad));
    const y0 = Math.max(0, Math.floor(Math.min(...points.map((p) => p[1])) - pad));
    const x1 = Math.min(this.width, Math.ceil(Math.max(...points.map((p) => p[0])) + pad));
    const y1 = Math.min(this.height, Math.ceil(Math.max(...points.map((p) => p[1])) + pad));
    if (x1 <= x0 || y1 <= y0) return;
    const w = x1 - x0;
    const mask = new Float32Array(w * (y1 - y0));
    const segs = points.length === 1 ? [[points[0]!, points[0]!]] : points.slice(1).map((p, i) => [points[i]!, p]);
    for (const [[ax, ay], [bx, by]] of segs) {
      for (let y = Math.max(y0, Math.floor(Math.min(ay, by) - pad)); y < Math.min(y1, Math.ceil(Math.max(ay, by) + pad)); y++) {
        for (let x = Math.max(x0, Math.floor(Math.min(ax, bx) - pad)); x < Math.min(x1, Math.ceil(Math.max(ax, bx) + pad)); x++) {
          const i = (y - y0) * w + (x - x0);
          mask[i] = Math.max(mask[i]!, clamp01(half + 0.5 - segmentDistance(x + 0.5, y + 0.5, ax, ay, bx, by)));
        }
      }
    }
    const rgb = rgbOf(c);
    mask.forEach((a, i) => this.blend(x0 + (i % w), y0 + Math.floor(i / w), rgb, a));
  }

  line(x1: number, y1: number, x2: number, y2: number, width: number, c: Colour): void {
    this.polyline([[x1, y1], [x2, y2]], width, c);
  }

  disc(cx: number, cy: number, r: number, c: Colour): void {
    this.cover(cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1, c, (px, py) => r + 0.5 - Math.hypot(px - cx, py - cy));
  }

  ring(cx: number, cy: number, r: number, width: number, c: Colour): void {
    const half = Math.max(1, width) / 2;
    this.cover(cx - r - half - 1, cy - r - half - 1, cx + r + half + 1, cy + r + half + 1, c, (px, py) => half + 0.5 - Math.abs(Math.hypot(px - cx, py - cy) - r));
  }

  /** Text in the 5x7 font, each font cell `cell` pixels square, its baseline at y. */
  text(x: number, y: number, text: string, cell: number, c: Colour, anchor: 'start' | 'middle' | 'end'): void {
    const w = textCells(text) * cell;
    const left = Math.round(anchor === 'start' ? x : anchor === 'middle' ? x - w / 2 : x - w);
    const top = Math.round(y) - GLYPH_H * cell;
    [...text].forEach((ch, i) => glyph(ch).forEach((row, gy) => row.forEach((ink, gx) => {
      if (ink) this.fillRect(left + (i * ADVANCE + gx) * cell, top + gy * cell, cell, cell, c);
    })));
  }
}

/** Font cells of `cell` pixels for SVG text of font-size `size` at `scale`: caps about 0.7 of the size high. */
const fontCell = (size: number, scale: number): number => Math.max(1, Math.round((size * scale * 0.7) / GLYPH_H));

function paintShape(r: Raster, s: Shape, k: number): void {
  switch (s.kind) {
    case 'rect':
      return r.fillRect(s.x * k, s.y * k, s.w * k, s.h * k, s.fill);
    case 'line':
      return r.line(s.x1 * k, s.y1 * k, s.x2 * k, s.y2 * k, s.width * k, s.stroke);
    case 'polyline':
      return s.points.length ? r.polyline(s.points.map(([x, y]) => [x * k, y * k] as const), s.width * k, s.stroke) : undefined;
    case 'circle':
      if (s.fill) r.disc(s.cx * k, s.cy * k, s.r * k, s.fill);
      return s.stroke ? r.ring(s.cx * k, s.cy * k, s.r * k, (s.strokeWidth ?? 1) * k, s.stroke) : undefined;
    case 'text':
      return r.text(s.x * k, s.y * k, s.text, fontCell(s.size, k), s.fill, s.anchor);
  }
}

/** The scene painted at `scale` pixels a unit. */
export function sceneRaster(scene: Scene, scale = 1): Raster {
  const r = new Raster(Math.ceil(scene.width * scale), Math.ceil(scene.height * scale), scene.background ?? '#ffffff');
  for (const s of scene.shapes) paintShape(r, s, scale);
  return r;
}

export const scenePng = (scene: Scene, scale = 1): Buffer => encodePng(sceneRaster(scene, scale));
