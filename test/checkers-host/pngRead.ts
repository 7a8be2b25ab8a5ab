// A minimal PNG reader for the tests, apart from what writes them (resvg): it checks the
// signature, every chunk's CRC (computed bit by bit, not from a table), IHDR, then inflates the
// IDAT data and undoes the scanline filters (all five, PNG specification section 9); 8-bit RGB or RGBA.

import { inflateSync } from 'node:zlib';

function crcBitwise(bytes: Uint8Array): number {
  let c = ~0 >>> 0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

export interface Decoded {
  width: number;
  height: number;
  chunks: string[];
  /** [r, g, b] of pixel (x, y). */
  at: (x: number, y: number) => [number, number, number];
}

export function readPng(buf: Buffer): Decoded {
  if (!buf.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))) throw new Error('not a PNG signature');
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  let width = 0, height = 0, bpp = 3;
  for (let p = 8; p < buf.length; ) {
    const len = buf.readUInt32BE(p);
    const type = buf.toString('latin1', p + 4, p + 8);
    const data = buf.subarray(p + 8, p + 8 + len);
    if (crcBitwise(buf.subarray(p + 4, p + 8 + len)) !== buf.readUInt32BE(p + 8 + len)) throw new Error(`bad CRC in ${type}`);
    chunks.push(type);
    if (type === 'IHDR') {
      [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)];
      if (data[8] !== 8 || (data[9] !== 2 && data[9] !== 6) || data[12] !== 0) throw new Error('the reader takes 8-bit RGB or RGBA, not interlaced');
      bpp = data[9] === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(data);
    p += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  if (raw.length !== (stride + 1) * height) throw new Error(`${raw.length} bytes inflated for ${width}x${height}`);
  const px = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= bpp ? px[y * stride + i - bpp]! : 0;
      const b = y > 0 ? px[(y - 1) * stride + i]! : 0;
      const c = i >= bpp && y > 0 ? px[(y - 1) * stride + i - bpp]! : 0;
      const pa = Math.abs(b - c), pb = Math.abs(a - c), pc = Math.abs(a + b - 2 * c);
      const pred = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][f];
      if (pred === undefined) throw new Error(`filter type ${f}`);
      px[y * stride + i] = (x + pred) & 0xff;
    }
  }
  const at = (x: number, y: number): [number, number, number] => {
    const i = (y * width + x) * bpp;
    return [px[i]!, px[i + 1]!, px[i + 2]!];
  };
  return { width, height, chunks, at };
}
