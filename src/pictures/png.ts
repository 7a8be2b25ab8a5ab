// A PNG encoder of our own (PNG specification, ISO/IEC 15948, sections 5 and 11): signature, IHDR,
// one IDAT of the zlib-deflated scanlines (node:zlib), IEND; 8-bit truecolour (RGB), each
// scanline with filter type 0 (None), no interlace. Enough for charts and boards, no dependency.

import { deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** CRC-32 (ISO 3309, polynomial 0xEDB88320 reflected), as PNG computes it over chunk type and data. */
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** length (4 bytes), type, data, CRC of type and data. */
function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** An RGB image: `rgb` holds width x height pixels, 3 bytes each, rows top to bottom. */
export interface RgbImage {
  width: number;
  height: number;
  rgb: Uint8Array;
}

export function encodePng(img: RgbImage): Buffer {
  const { width, height, rgb } = img;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw new Error(`a PNG of ${width}x${height} pixels is not possible`);
  if (rgb.length !== width * height * 3) throw new Error(`${rgb.length} bytes of pixels for ${width}x${height} RGB`);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), deflate, filter method 0, no interlace
  const row = width * 3;
  const raw = Buffer.alloc((row + 1) * height);
  for (let y = 0; y < height; y++) raw.set(rgb.subarray(y * row, (y + 1) * row), y * (row + 1) + 1); // filter byte 0
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', new Uint8Array(0))]);
}
