// The SVG back end of a scene (scene.ts): one element a shape, tips as <title> children.

import type { Scene, Shape } from './scene.ts';

export const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const num = (x: number): string => String(Math.round(x * 10) / 10);
const tip = (t: string | undefined): string => (t === undefined ? '' : `<title>${escapeXml(t)}</title>`);
const close = (t: string | undefined, name: string): string => (t === undefined ? '/>' : `>${tip(t)}</${name}>`);

function shapeSvg(s: Shape): string {
  switch (s.kind) {
    case 'rect':
      return `<rect x="${num(s.x)}" y="${num(s.y)}" width="${num(s.w)}" height="${num(s.h)}" fill="${s.fill}"${close(s.tip, 'rect')}`;
    case 'line':
      return `<line x1="${num(s.x1)}" y1="${num(s.y1)}" x2="${num(s.x2)}" y2="${num(s.y2)}" stroke="${s.stroke}"${s.width === 1 ? '' : ` stroke-width="${num(s.width)}"`}/>`;
    case 'polyline':
      return `<polyline points="${s.points.map(([x, y]) => `${num(x)},${num(y)}`).join(' ')}" fill="none" stroke="${s.stroke}" stroke-width="${num(s.width)}"/>`;
    case 'circle': {
      const stroke = s.stroke ? ` stroke="${s.stroke}" stroke-width="${num(s.strokeWidth ?? 1)}"` : '';
      return `<circle cx="${num(s.cx)}" cy="${num(s.cy)}" r="${num(s.r)}" fill="${s.fill ?? 'none'}"${stroke}${close(s.tip, 'circle')}`;
    }
    case 'text':
      return `<text x="${num(s.x)}" y="${num(s.y)}" font-size="${num(s.size)}"${s.anchor === 'start' ? '' : ` text-anchor="${s.anchor}"`} fill="${s.fill}">${escapeXml(s.text)}</text>`;
  }
}

export function sceneSvg(scene: Scene): string {
  const { width: w, height: h } = scene;
  const paper = scene.background ? `<rect width="100%" height="100%" fill="${scene.background}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${num(w)} ${num(h)}" width="${num(w)}" height="${num(h)}" role="img" font-family="sans-serif">${tip(scene.title)}${paper}${scene.shapes.map(shapeSvg).join('')}</svg>`;
}
