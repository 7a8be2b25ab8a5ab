// src/pictures/: one scene drawn by both back ends (SVG text, and PNG rendered from that SVG by
// resvg) agreeing on where things are, read back by an independent PNG reader; text drawn with a
// real font.

import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/checkers/notation/board.ts';
import { boardScene, linesScene } from '../../src/host/charts.ts';
import { scenePng } from '../../src/pictures/png.ts';
import { rgbOf } from '../../src/pictures/scene.ts';
import { sceneSvg } from '../../src/pictures/svg.ts';
import { readPng } from './pngRead.ts';

/** resvg draws text with the system's fonts; a machine without any draws none. */
const fonts = existsSync('/usr/share/fonts') && readdirSync('/usr/share/fonts', { recursive: true }).some((f) => /\.(ttf|otf)$/i.test(String(f)));
const NO_FONTS = fonts ? '' : ' (SKIPPED: no fonts installed; apt-get install fonts-dejavu-core)';

describe('one scene, two back ends', () => {
  it('a board: the PNG has the squares and pieces where the SVG puts them', () => {
    const scene = boardScene(parseFen('W:W18,K22:B1,2,K3'), { size: 160 });
    const svg = sceneSvg(scene);
    const png = readPng(scenePng(scene, 2));
    expect([png.width, png.height]).toEqual([320, 320]);
    const cell = 40; // 160 / 8 units at 2 pixels a unit
    const centre = (s: number): [number, number] => {
      const row = Math.floor((s - 1) / 4);
      const col = 2 * ((s - 1) % 4) + (row % 2 === 0 ? 1 : 0);
      return [col * cell + cell / 2, row * cell + cell / 2];
    };
    expect(png.at(...centre(1))).toEqual(rgbOf('#1d1d1d')); // a black man
    expect(png.at(...centre(18))).toEqual(rgbOf('#f7f3ea')); // a white man
    expect(png.at(...centre(10))).toEqual(rgbOf('#6b8e4e')); // an empty dark square
    expect(png.at(5, 5)).toEqual(rgbOf('#f1e3c5')); // a light square
    const [kx, ky] = centre(22);
    expect(png.at(kx + Math.round(40 * 0.36 * 0.65), ky)).toEqual(rgbOf('#c9a227')); // the king's ring
    expect(svg.match(/<circle /g)).toHaveLength(5 + 2);
    // every dark square is numbered, occupied or not, the number drawn after (over) the piece
    const numbers = [...svg.matchAll(/<text [^>]*>(\d+)<\/text>/g)].map((m) => Number(m[1]));
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    expect(svg.lastIndexOf('>1</text>')).toBeGreaterThan(svg.indexOf('<circle '));
  });

  it('a line chart: every point the SVG places is in its series colour in the PNG (at twice the size)', () => {
    const colours = ['#c0392b', '#2c7fb8'];
    const scene = linesScene([{ name: 'a', values: [3, -2, 5, 0], color: colours[0]! }, { name: 'b', values: [1, 1, -4, 2], color: colours[1]! }], 't');
    const svg = sceneSvg(scene);
    const png = readPng(scenePng(scene, 2));
    const points = [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="2.5" fill="(#\w+)"/g)];
    expect(points).toHaveLength(8);
    for (const [, cx, cy, fill] of points) expect(png.at(Math.floor(Number(cx) * 2), Math.floor(Number(cy) * 2))).toEqual(rgbOf(fill!));
  });

  it.skipIf(!fonts)(`text is drawn with a font: ink where the text is, anti-aliased, nothing elsewhere${NO_FONTS}`, () => {
    const png = readPng(scenePng({ width: 60, height: 20, shapes: [{ kind: 'text', x: 4, y: 15, text: 'Alpha', size: 12, fill: '#000000', anchor: 'start' }] }, 2));
    const greys = new Set<number>();
    let ink = 0;
    for (let y = 0; y < png.height; y++) {
      for (let x = 0; x < png.width; x++) {
        const [r] = png.at(x, y);
        if (r < 255) greys.add(r);
        if (r < 128) ink++;
      }
    }
    expect(ink).toBeGreaterThan(50);
    expect(greys.size).toBeGreaterThan(8); // edges in many shades: a vector font, not a bitmap
    for (let y = 0; y < png.height; y++) expect(png.at(110, y)).toEqual([255, 255, 255]); // right of the word
  });
});
