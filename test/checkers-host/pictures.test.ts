// src/pictures/: the PNG encoder (read back by an independent reader), the raster layer and its
// font, and one scene drawn by both back ends agreeing on where things are.

import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/checkers/notation/board.ts';
import { boardScene, linesScene } from '../../src/host/charts.ts';
import { ADVANCE, GLYPH_H, GLYPH_W, glyph, textCells } from '../../src/pictures/font.ts';
import { crc32, encodePng } from '../../src/pictures/png.ts';
import { Raster, scenePng } from '../../src/pictures/raster.ts';
import { rgbOf } from '../../src/pictures/scene.ts';
import { sceneSvg } from '../../src/pictures/svg.ts';
import { readPng } from './pngRead.ts';
import { mulberry32 } from '../rng.ts';

describe('PNG encoder', () => {
  it('CRC-32 of the standard check string', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('random pixels come back exactly: signature, chunk CRCs, IHDR, IDAT inflated', () => {
    const next = mulberry32(7);
    for (const [w, h] of [[1, 1], [3, 2], [37, 19]] as const) {
      const rgb = Uint8Array.from({ length: w * h * 3 }, () => Math.floor(next() * 256));
      const png = readPng(encodePng({ width: w, height: h, rgb }));
      expect([png.width, png.height]).toEqual([w, h]);
      expect(png.chunks).toEqual(['IHDR', 'IDAT', 'IEND']);
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) expect(png.at(x, y)).toEqual([...rgb.subarray((y * w + x) * 3, (y * w + x) * 3 + 3)]);
    }
  });

  it('refuses impossible images', () => {
    expect(() => encodePng({ width: 0, height: 1, rgb: new Uint8Array(0) })).toThrow(/not possible/);
    expect(() => encodePng({ width: 2, height: 2, rgb: new Uint8Array(11) })).toThrow(/11 bytes/);
  });
});

describe('raster', () => {
  it('rectangles, lines and circles land on the pixels they should, over white paper', () => {
    const r = new Raster(40, 30);
    r.fillRect(2, 3, 5, 4, '#ff0000'); // x 2-6, y 3-6
    r.line(10, 20.5, 30, 20.5, 1, '#0000ff');
    r.disc(30, 8, 5, '#00ff00');
    r.ring(12.5, 12.5, 4, 1, '#000000');
    const png = readPng(encodePng(r));
    expect(png.at(2, 3)).toEqual([255, 0, 0]);
    expect(png.at(6, 6)).toEqual([255, 0, 0]);
    expect(png.at(7, 6)).toEqual([255, 255, 255]);
    expect(png.at(6, 7)).toEqual([255, 255, 255]);
    expect(png.at(20, 20)).toEqual([0, 0, 255]);
    expect(png.at(20, 22)).toEqual([255, 255, 255]);
    expect(png.at(30, 8)).toEqual([0, 255, 0]);
    expect(png.at(30, 1)).toEqual([255, 255, 255]);
    expect(png.at(12, 12)).toEqual([255, 255, 255]); // a ring, not a disc
    expect(png.at(16, 12)).toEqual([0, 0, 0]); // pixel centre (16.5, 12.5): on the radius
    expect(png.at(12, 16)).toEqual([0, 0, 0]);
    expect(png.at(15, 12)[0]).toBeGreaterThan(128); // 3 from the centre: mostly paper
  });

  it('the font: 5x7 glyphs, all different, lower case drawn as capitals; text is drawn glyph by glyph', () => {
    const chars = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ -+.,:/()\'^%#=<>_?*'];
    const shapes = chars.map((c) => glyph(c));
    for (const g of shapes) expect([g.length, ...g.map((row) => row.length)]).toEqual([GLYPH_H, ...Array(GLYPH_H).fill(GLYPH_W)]);
    expect(new Set(shapes.map((g) => JSON.stringify(g))).size).toBe(chars.length);
    expect(glyph('k')).toEqual(glyph('K'));
    expect(textCells('AB')).toBe(2 * ADVANCE - 1);
    const r = new Raster(20, 12);
    r.text(1, 9, 'L1', 1, '#000000', 'start');
    const png = readPng(encodePng(r));
    const ink = (x: number, y: number): boolean => png.at(x, y)[0] === 0;
    // 'L': the left column inked all the way down, the bottom row across; then '1' one column on
    for (let y = 0; y < GLYPH_H; y++) expect(ink(1, 2 + y)).toBe(glyph('L')[y]![0]);
    for (let x = 0; x < GLYPH_W; x++) expect(ink(1 + x, 8)).toBe(true);
    for (let y = 0; y < GLYPH_H; y++) for (let x = 0; x < GLYPH_W; x++) expect(ink(1 + ADVANCE + x, 2 + y)).toBe(glyph('1')[y]![x]);
  });
});

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
});
