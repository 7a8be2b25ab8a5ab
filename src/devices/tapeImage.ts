// Magnetic tape images. In memory a tape is a list of records (6-bit frames as recorded, with
// the record's parity: odd = binary, even = BCD; formats.md §4.1) and tape marks. On disk:
// SIMH .tap (formats.md §4.2) and P7B (§4.3). Frame values of BCD records are tape BCD (§1.3).

import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from './atomicFile.ts';
import { readFile } from './fileErrors.ts';
import { asciiToWords, hasOddParity, memoryToTapeBcd, parityBit, tapeToMemoryBcd, wordChar, wordToAscii } from './codes.ts';
import { ImageError } from './errors.ts';

export type TapeParity = 'binary' | 'bcd';
export interface TapeRecord {
  readonly kind: 'record';
  /** 6-bit frames, at least one. */
  readonly frames: Uint8Array;
  readonly parity: TapeParity;
  /** SIMH marked the record as read with an error (bit 31 of its length). */
  readonly error?: boolean;
}
export interface TapeMark {
  readonly kind: 'mark';
}
export type TapeEntry = TapeRecord | TapeMark;
export type TapeFormat = 'tap' | 'p7b';

export const TAPE_MARK: TapeMark = Object.freeze({ kind: 'mark' });

/** The record a select in `parity` mode writes from these words: 6 frames a word, first = S-5. */
export function wordsToRecord(words: ArrayLike<number>, parity: TapeParity): TapeRecord {
  const frames = new Uint8Array(words.length * 6);
  for (let i = 0; i < words.length; i++) {
    for (let j = 0; j < 6; j++) {
      const c = wordChar(words[i]!, j);
      frames[6 * i + j] = parity === 'bcd' ? memoryToTapeBcd(c) : c;
    }
  }
  return { kind: 'record', frames, parity };
}

/** The words a read in `mode` gets from a record; a last partial word is zero-filled on the right. */
export function recordToWords(rec: TapeRecord, mode: TapeParity = rec.parity): number[] {
  const words: number[] = [];
  for (let f = 0; f < rec.frames.length; f += 6) words.push(frameWord(rec.frames, f, mode === 'bcd'));
  return words;
}

/** The word of frames f..f+5 (zero beyond the record), translated from tape BCD when `bcd`. */
export function frameWord(frames: Uint8Array, f: number, bcd: boolean): number {
  let w = 0;
  for (let j = 0; j < 6; j++) {
    const c = f + j < frames.length ? frames[f + j]! : -1;
    w = w * 64 + (c < 0 ? 0 : bcd ? tapeToMemoryBcd(c) : c);
  }
  return w;
}

/** A BCD record holding a line of text, padded with blanks to whole words (e.g. a card image). */
export const textToRecord = (text: string): TapeRecord => wordsToRecord(asciiToWords(text), 'bcd');

/** The text of a BCD record. */
export const recordToText = (rec: TapeRecord): string => recordToWords(rec, 'bcd').map(wordToAscii).join('');

const frameByte = (c: number, parity: TapeParity): number => c | parityBit(c, parity === 'binary');

// ---- SIMH .tap, formats.md §4.2

const TAP_EOM = 0xffffffff;
const TAP_GAP = 0xfffffffe;
const TAP_HALF_GAP = 0xfffeffff;
const TAP_ERROR = 0x80000000;

/** Length word, frames (parity in bit 6), a pad byte after an odd count, the length again; 0 = tape mark. */
export function encodeTap(entries: readonly TapeEntry[]): Uint8Array {
  let size = 0;
  for (const e of entries) size += e.kind === 'mark' ? 4 : 8 + e.frames.length + (e.frames.length & 1);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let p = 0;
  for (const e of entries) {
    if (e.kind === 'mark') {
      p += 4; // 0x00000000
      continue;
    }
    const n = e.frames.length;
    const marker = (n | (e.error ? TAP_ERROR : 0)) >>> 0;
    view.setUint32(p, marker, true);
    for (let j = 0; j < n; j++) out[p + 4 + j] = frameByte(e.frames[j]!, e.parity);
    p += 4 + n + (n & 1);
    view.setUint32(p, marker, true);
    p += 4;
  }
  return out;
}

/** Erase gaps are skipped; reading stops at an end-of-medium marker, as SIMH's does. */
export function parseTap(bytes: Uint8Array, file: string): TapeEntry[] {
  const entries: TapeEntry[] = [];
  const n = bytes.length;
  const view = new DataView(bytes.buffer, bytes.byteOffset, n);
  let i = 0;
  while (i < n) {
    if (n - i < 4) throw new ImageError(file, { offset: i }, `truncated length marker: ${n - i} of 4 bytes`);
    const m = view.getUint32(i, true);
    if (m === 0) {
      entries.push(TAPE_MARK);
      i += 4;
      continue;
    }
    if (m === TAP_EOM) break;
    if (m === TAP_GAP) {
      i += 4;
      continue;
    }
    if (m === TAP_HALF_GAP) {
      i += 2; // the gap is made of 16-bit 0xFFFE halves; realign on the next one
      continue;
    }
    if ((m & 0x7f000000) !== 0) throw new ImageError(file, { offset: i }, `0x${hex(m, 8)} is neither a record length (24 bits) nor a known marker`);
    const len = m & 0xffffff;
    if (len === 0) throw new ImageError(file, { offset: i }, 'record of length 0 flagged as an error record');
    const data = i + 4;
    const trail = data + len + (len & 1);
    if (trail + 4 > n) throw new ImageError(file, { offset: i }, `record of ${len} bytes runs past the end of the file (${n - data} bytes follow its length)`);
    const back = view.getUint32(trail, true);
    if (back !== m) throw new ImageError(file, { offset: trail }, `trailing length 0x${hex(back, 8)} does not match the leading 0x${hex(m, 8)} at byte ${i}`);
    entries.push(parseFrames(bytes, data, data + len, file, { error: m >= TAP_ERROR, startBit: false }));
    i = trail + 4;
  }
  return entries;
}

/**
 * Frames of bytes[from, to): bit 7 clear (except on the first byte when it is P7B's record
 * start), and every frame of the parity of the first (odd = binary, even = BCD).
 */
function parseFrames(bytes: Uint8Array, from: number, to: number, file: string, how: { error: boolean; startBit: boolean }): TapeRecord {
  const frames = new Uint8Array(to - from);
  const odd = hasOddParity(bytes[from]!);
  for (let p = from; p < to; p++) {
    const b = bytes[p]!;
    if (b & 0x80 && !(how.startBit && p === from)) throw new ImageError(file, { offset: p }, `frame 0x${hex(b, 2)} has bit 7 set`);
    if (hasOddParity(b) !== odd) {
      throw new ImageError(file, { offset: p }, `parity error: frame 0x${hex(b, 2)} has ${odd ? 'even' : 'odd'} parity in a ${odd ? 'binary (odd)' : 'BCD (even)'} record starting at byte ${from}`);
    }
    frames[p - from] = b & 0o77;
  }
  const parity = odd ? 'binary' : 'bcd';
  return how.error ? { kind: 'record', frames, parity, error: true } : { kind: 'record', frames, parity };
}

// ---- P7B, formats.md §4.3

const P7B_START = 0x80;
const P7B_MARK = 0x8f; // start bit + 017 with even parity

/**
 * One byte a frame with bit 7 on each record's first byte; a tape mark is the lone byte 0x8F.
 * P7B has no error flag, so SIMH's error marks are not kept. A one-frame BCD record holding 017
 * would read back as a tape mark, so it cannot be written.
 */
export function encodeP7b(entries: readonly TapeEntry[]): Uint8Array {
  let size = 0;
  for (const e of entries) size += e.kind === 'mark' ? 1 : e.frames.length;
  const out = new Uint8Array(size);
  let p = 0;
  entries.forEach((e, index) => {
    if (e.kind === 'mark') {
      out[p++] = P7B_MARK;
      return;
    }
    if (e.parity === 'bcd' && e.frames.length === 1 && e.frames[0] === 0o17) {
      throw new Error(`tape entry ${index + 1}: a one-frame BCD record 017 is a tape mark in P7B and cannot be written`);
    }
    out[p] = P7B_START;
    for (let j = 0; j < e.frames.length; j++) out[p + j] |= frameByte(e.frames[j]!, e.parity);
    p += e.frames.length;
  });
  return out;
}

export function parseP7b(bytes: Uint8Array, file: string): TapeEntry[] {
  const entries: TapeEntry[] = [];
  const n = bytes.length;
  if (n > 0 && !(bytes[0]! & P7B_START)) throw new ImageError(file, { offset: 0 }, `expected a record start (bit 7 set), found 0x${hex(bytes[0]!, 2)}`);
  let i = 0;
  while (i < n) {
    let end = i + 1;
    while (end < n && !(bytes[end]! & P7B_START)) end++;
    if (end === i + 1 && bytes[i] === P7B_MARK) entries.push(TAPE_MARK);
    else entries.push(parseFrames(bytes, i, end, file, { error: false, startBit: true }));
    i = end;
  }
  return entries;
}

// ---- files
//
// One rule gives an image's format, for reading and writing alike: the name's extension (.tap or
// .p7b; a scratch suffix such as `.new` or `.new.5` after it is looked through, so `L.p7b.new` is
// P7B), else the content of the file already there, else SIMH .tap. So a tape written back, or a
// new image renamed over it, keeps the format it had.

/** The suffix of the scratch images written beside a tape (`FILE.new`, `FILE.new.5`). */
const SCRATCH_SUFFIX = /\.new(\.\d+)?$/i;

export const tapeFormatForPath = (path: string): TapeFormat | null => {
  const name = path.replace(SCRATCH_SUFFIX, '');
  return /\.tap$/i.test(name) ? 'tap' : /\.p7b$/i.test(name) ? 'p7b' : null;
};

/** The format of the image at `path`: by its name, else by the file's content, else .tap (a new file). */
export function tapeFormatOf(path: string): TapeFormat {
  const named = tapeFormatForPath(path);
  if (named !== null || !existsSync(path)) return named ?? 'tap';
  return sniffTape(readFileSync(path), path).format;
}

/** An image of unknown format: .tap when it parses as one, else P7B when it does; else the .tap error. */
function sniffTape(bytes: Uint8Array, file: string): { format: TapeFormat; entries: TapeEntry[] } {
  try {
    return { format: 'tap', entries: parseTap(bytes, file) };
  } catch (tapError) {
    if (!(bytes[0]! & P7B_START)) throw tapError;
    try {
      return { format: 'p7b', entries: parseP7b(bytes, file) };
    } catch {
      throw tapError;
    }
  }
}

/** Parse an image. 'auto' goes by the file's name, else by its content (tapeFormatOf's rule). */
export function parseTape(bytes: Uint8Array, file: string, format: TapeFormat | 'auto' = 'auto'): TapeEntry[] {
  const f = format === 'auto' ? tapeFormatForPath(file) : format;
  if (f === 'tap') return parseTap(bytes, file);
  if (f === 'p7b') return parseP7b(bytes, file);
  return sniffTape(bytes, file).entries;
}

export function readTapeFile(path: string, format: TapeFormat | 'auto' = 'auto'): TapeEntry[] {
  return parseTape(readFile(path, 'tape image'), path, format);
}

/** Write an image atomically, in the format tapeFormatOf gives the path unless told otherwise. */
export function writeTapeFile(path: string, entries: readonly TapeEntry[], format: TapeFormat = tapeFormatOf(path)): void {
  writeFileAtomic(path, format === 'p7b' ? encodeP7b(entries) : encodeTap(entries));
}

const hex = (v: number, digits: number): string => v.toString(16).padStart(digits, '0');
