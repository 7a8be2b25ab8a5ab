// One description of a picture (a chart, a board) that both back ends draw: svg.ts writes it as
// SVG text, png.ts renders that SVG to pixels (resvg). Coordinates are SVG user units (pixels at
// scale 1), y down; text is placed by its baseline, as in SVG.

export type Colour = string; // '#rrggbb' or '#rgb'

export type Shape =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; fill: Colour; tip?: string }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; stroke: Colour; width: number }
  | { kind: 'polyline'; points: readonly (readonly [number, number])[]; stroke: Colour; width: number }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: Colour | null; stroke?: Colour; strokeWidth?: number; tip?: string }
  | { kind: 'text'; x: number; y: number; text: string; size: number; fill: Colour; anchor: 'start' | 'middle' | 'end' };

export interface Scene {
  width: number;
  height: number;
  /** The picture's title (SVG <title>; not drawn). */
  title?: string;
  /** Paper colour; SVG leaves it transparent when absent, the raster paints it white. */
  background?: Colour;
  shapes: Shape[];
}

/** '#rrggbb' or '#rgb' as [r, g, b]. */
export function rgbOf(c: Colour): [number, number, number] {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(c);
  if (!m) throw new Error(`colour ${c}: not #rgb or #rrggbb`);
  const h = m[1]!.length === 3 ? [...m[1]!].map((d) => d + d).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}
