// The 733 magnetic drum: 8 logical drums of 2048 words at units 0301-0310 (formats.md §2,
// ibm704.md §7.5). RDS/WRS picks the drum and sets its word address to 0; LDA sets the address;
// CPYs then move consecutive words, wrapping within the drum [C]. One object serves all eight
// addresses. The drum turns under the heads: word a passes every 2048 word times, one word every
// 96 µs (8 cycles) as in SIMH [C], and a CPY waits for its word to come round.
// Image file: every word as 8 bytes little-endian (the layout SIMH's drum file has on x86),
// trailing zero words left out. A file holds either the whole unit (all eight drums, as SIMH's
// DR device) or one logical drum of 2048 words.

import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from './atomicFile.ts';
import { DeviceError, ImageError } from './errors.ts';
import { END_OF_RECORD, type Unit } from './unit.ts';

export const DRUM_WORDS = 2048;
export const DRUMS = 8;
const WORD_BYTES = 8;
const HIGH = 2 ** 32;

export class Drum implements Unit {
  readyAt = 0;
  /** All eight drums, drum n (1-8) at words (n-1)*2048 ... */
  readonly words = new Float64Array(DRUMS * DRUM_WORDS);
  private drum = 1;
  private addr = 0;
  private selected: 'read' | 'write' | null = null;
  private lastNow = 0;
  /** Attached image files: key 0 = the whole unit, n = logical drum n alone. */
  private readonly files = new Map<number, string>();
  /** Logical drums written since their files were read (index n-1). */
  private readonly dirty = new Array<boolean>(DRUMS).fill(false);

  constructor(readonly wordCycles = 8) {}

  get name(): string {
    return `drum ${this.drum}`;
  }

  /**
   * Load an image file if it exists (else the drums start cleared): the whole unit, or with `n`
   * logical drum n (1-8) alone. Saved atomically on detach if written. A malformed image throws
   * ImageError and changes nothing.
   */
  attach(path: string, n = 0): void {
    if (!Number.isInteger(n) || n < 0 || n > DRUMS) throw new DeviceError('drum', `there is no logical drum ${n} (1-${DRUMS})`);
    const size = n === 0 ? DRUMS * DRUM_WORDS : DRUM_WORDS;
    const image = parseDrumImage(existsSync(path) ? readFileSync(path) : new Uint8Array(0), path, size);
    if (n === 0) this.detach();
    const base = n === 0 ? 0 : (n - 1) * DRUM_WORDS;
    this.words.set(image, base);
    this.words.fill(0, base + image.length, base + size);
    this.files.set(n, path);
    for (let d = 0; d < DRUMS; d++) if (n === 0 || d === n - 1) this.dirty[d] = false;
  }

  /** Write every attached file whose drums were written, and forget the files. */
  detach(): void {
    for (const [n, path] of this.files) {
      if (n === 0 && this.dirty.some((d) => d)) writeFileAtomic(path, encodeDrumImage(this.words));
      else if (n > 0 && this.dirty[n - 1]) writeFileAtomic(path, encodeDrumImage(this.words.subarray((n - 1) * DRUM_WORDS, n * DRUM_WORDS)));
    }
    this.files.clear();
    this.dirty.fill(false);
  }

  select(write: boolean, address: number, now: number): void {
    const n = address - 0o300;
    if (n < 1 || n > DRUMS) throw new DeviceError('drum', `unit ${address.toString(8)} is not a drum (0301-0310)`);
    this.drum = n;
    this.addr = 0; // as SIMH's select does [C]
    this.selected = write ? 'write' : 'read';
    this.lastNow = now;
    this.readyAt = now;
  }

  /** LDA: the drum word address for the next CPY (address field, modulo the drum size). */
  setAddress(address: number, now = this.lastNow): void {
    this.addr = address & (DRUM_WORDS - 1);
    this.lastNow = now;
  }

  read(now: number): number {
    if (this.selected !== 'read') return END_OF_RECORD;
    const w = this.words[this.index()]!;
    this.pass(now);
    return w;
  }

  write(word: number, now: number): number {
    if (this.selected !== 'write') return END_OF_RECORD;
    this.words[this.index()] = word;
    this.dirty[this.drum - 1] = true;
    this.pass(now);
    return 0;
  }

  disconnect(_now: number): void {
    this.selected = null;
  }

  private index(): number {
    return (this.drum - 1) * DRUM_WORDS + this.addr;
  }

  /** The word at the address moves when it comes under the head; the address steps on. */
  private pass(now: number): void {
    const slot = Math.floor(Math.max(now, this.lastNow) / this.wordCycles);
    const wait = (this.addr - (slot % DRUM_WORDS) + DRUM_WORDS) % DRUM_WORDS;
    this.readyAt = Math.max(now, (slot + wait) * this.wordCycles);
    this.lastNow = this.readyAt;
    this.addr = (this.addr + 1) & (DRUM_WORDS - 1);
  }
}

export function parseDrumImage(bytes: Uint8Array, file: string, maxWords = DRUMS * DRUM_WORDS): Float64Array {
  if (bytes.length % WORD_BYTES !== 0) throw new ImageError(file, { offset: bytes.length - (bytes.length % WORD_BYTES) }, `file ends inside a word (${bytes.length % WORD_BYTES} of ${WORD_BYTES} bytes)`);
  const n = bytes.length / WORD_BYTES;
  if (n > maxWords) throw new ImageError(file, { offset: maxWords * WORD_BYTES }, `more than ${maxWords} words`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const words = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const hi = view.getUint32(i * WORD_BYTES + 4, true);
    if (hi >= 16) throw new ImageError(file, { offset: i * WORD_BYTES }, `word ${i} has bits above the 36th set`);
    words[i] = hi * HIGH + view.getUint32(i * WORD_BYTES, true);
  }
  return words;
}

export function encodeDrumImage(words: Float64Array): Uint8Array {
  let n = words.length;
  while (n > 0 && words[n - 1] === 0) n--;
  const out = new Uint8Array(n * WORD_BYTES);
  const view = new DataView(out.buffer);
  for (let i = 0; i < n; i++) {
    const w = words[i]!;
    view.setUint32(i * WORD_BYTES, w % HIGH, true);
    view.setUint32(i * WORD_BYTES + 4, Math.floor(w / HIGH), true);
  }
  return out;
}
