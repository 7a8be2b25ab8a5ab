// A scene written to a file, SVG or PNG by the file's extension, atomically.

import { extname } from 'node:path';
import { writeFileAtomic } from '../devices/atomicFile.ts';
import { scenePng } from './png.ts';
import type { Scene } from './scene.ts';
import { sceneSvg } from './svg.ts';

export type PictureFormat = 'svg' | 'png';

export function formatOf(file: string): PictureFormat {
  const ext = extname(file).toLowerCase();
  if (ext === '.svg' || ext === '.png') return ext.slice(1) as PictureFormat;
  throw new Error(`${file}: a picture is written as .svg or .png`);
}

/** PNGs at twice the SVG size by default: sharper text and lines for the same layout. */
export const PNG_SCALE = 2;

export function pictureBytes(scene: Scene, format: PictureFormat, scale = PNG_SCALE): Buffer {
  return format === 'png' ? scenePng(scene, scale) : Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${sceneSvg(scene)}\n`, 'utf8');
}

/** Returns the bytes written. */
export function writePicture(file: string, scene: Scene, scale = PNG_SCALE): number {
  const bytes = pictureBytes(scene, formatOf(file), scale);
  writeFileAtomic(file, bytes);
  return bytes.length;
}
