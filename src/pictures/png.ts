// The PNG back end of a scene: its SVG (svg.ts) rendered by resvg (@resvg/resvg-js), with the
// system's fonts (DejaVu Sans where installed: Debian's fonts-dejavu-core). It replaced our own
// rasterizer, 5x7 font and PNG encoder: real text and anti-aliasing, and faster on charts
// (docs/checkers-host.md has the measurement).

import { Resvg } from '@resvg/resvg-js';
import type { Scene } from './scene.ts';
import { sceneSvg } from './svg.ts';

/** The scene as PNG bytes at `scale` pixels a unit, on white paper unless it names its own. */
export function scenePng(scene: Scene, scale: number): Buffer {
  const svg = sceneSvg({ ...scene, background: scene.background ?? '#ffffff' });
  const resvg = new Resvg(svg, { fitTo: { mode: 'zoom', value: scale }, font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' } });
  return resvg.render().asPng();
}
