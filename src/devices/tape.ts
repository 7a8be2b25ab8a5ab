// A 727/729 tape drive over an in-memory tape (formats.md §4, ibm704.md §7.4). The select's
// address sets the mode: 0201-0212 BCD (even parity, BCD translation), 0221-0232 binary (odd).
// Reading: the select moves the tape over the next record (or tape mark); CPYs take its words,
// six frames each, then the end-of-record exit; at a tape mark the end-of-file exit. A new
// select part-way through a record skips the rest. Writing: the words CPYed between a select
// and the disconnect form one record, written at the current position; anything after it on
// the tape is gone. The end-of-tape and tape-check indicators are the ones ETT and RTT test.

import { existsSync } from 'node:fs';
import { memoryToTapeBcd, wordChar } from './codes.ts';
import { DeviceError } from './errors.ts';
import { frameWord, readTapeFile, TAPE_MARK, tapeFormatOf, writeTapeFile, type TapeEntry, type TapeFormat } from './tapeImage.ts';
import { msToCycles } from './timing.ts';
import { END_OF_FILE, END_OF_RECORD, type Unit } from './unit.ts';

export interface TapeTiming {
  /** One word (6 frames): 15,000 frames a second, 400 µs a word [E] (ibm704.md §9.6). */
  readonly word: number;
  /** Start of a motion: crossing a 0.75-inch gap at 75 in/s, 10 ms [E: gap and start time unknown]. */
  readonly start: number;
  /** Frames passed per cycle when rewinding: 500 in/s at 200 frames/in [E]. */
  readonly rewindFramesPerCycle: number;
}

export const TAPE_TIMING: TapeTiming = { word: msToCycles(0.4), start: msToCycles(10), rewindFramesPerCycle: 1.2 };

/** A 727's reel: 2400 feet [E]. */
export const REEL_FEET = 2400;
/** Frames before the end-of-tape marker of a reel of `feet` feet at 200 frames an inch [E] (each record also uses a 0.75-inch gap). */
export const reelFrames = (feet: number): number => Math.round(feet * 12 * 200);
const REEL_FRAMES = reelFrames(REEL_FEET);
const GAP_FRAMES = 150;

const entryFrames = (e: TapeEntry): number => (e.kind === 'mark' ? 1 : e.frames.length) + GAP_FRAMES;

export interface TapeOptions {
  timing?: TapeTiming;
  /** Length of tape before the end-of-tape marker, in frames (records count with their gaps). */
  capacityFrames?: number;
}

type State = 'idle' | 'record' | 'mark' | 'end' | 'write';

export class TapeUnit implements Unit {
  readonly name: string;
  readyAt = 0;
  /** End-of-tape indicator (ETT): writing went past the marker, or reading ran off the data. */
  endOfTape = false;
  /** Tape-check indicator (RTT): a record read in the wrong mode (parity) or flagged bad. */
  tapeCheck = false;
  private readonly timing: TapeTiming;
  private readonly capacity: number;
  private tape: TapeEntry[] | null = null;
  private pos = 0;
  private usedFrames = 0;
  private path: string | null = null;
  private format: TapeFormat = 'tap';
  private readOnly = false;
  private modified = false;
  private state: State = 'idle';
  private bcd = false;
  /** Frames of the record being read, or the buffer of the one being written; f = next frame. */
  private frames: Uint8Array = new Uint8Array(0);
  private writeBuffer = new Uint8Array(1024);
  private f = 0;
  private next = 0;

  constructor(readonly number: number, options: TapeOptions = {}) {
    this.name = `tape ${number}`;
    this.timing = options.timing ?? TAPE_TIMING;
    this.capacity = options.capacityFrames ?? REEL_FRAMES;
  }

  /** Mount a tape held in memory (no file behind it; the drive writes into `entries`), after detaching the one mounted. */
  mount(entries: TapeEntry[], options: { readOnly?: boolean } = {}): void {
    this.detach();
    this.tape = entries;
    this.pos = 0;
    this.usedFrames = entries.reduce((n, e) => n + entryFrames(e), 0);
    this.readOnly = options.readOnly ?? false;
    this.modified = false;
    this.path = null;
    this.state = 'idle';
  }

  /**
   * Mount an image file (a writable one that does not exist yet starts blank). A malformed image
   * throws ImageError and leaves the drive as it was. Saved atomically on detach if written.
   */
  attach(path: string, options: { readOnly?: boolean; format?: TapeFormat } = {}): void {
    const format = options.format ?? tapeFormatOf(path);
    const entries = existsSync(path) || options.readOnly ? readTapeFile(path, options.format ?? 'auto') : [];
    this.mount(entries, options);
    this.path = path;
    this.format = format;
  }

  /** End any record, save a written image file atomically, and unload the tape. */
  detach(now = this.readyAt): void {
    if (this.tape === null) return;
    this.disconnect(now);
    if (this.path !== null && this.modified) writeTapeFile(this.path, this.tape, this.format);
    this.tape = null;
    this.path = null;
  }

  /** The tape's contents: records and tape marks. */
  get entries(): readonly TapeEntry[] {
    return this.tape ?? [];
  }

  /** Index of the entry under the head (0 = load point). */
  get position(): number {
    return this.pos;
  }

  select(write: boolean, address: number, now: number): void {
    const tape = this.mounted();
    this.disconnect(now);
    if (write) this.writable('write');
    this.bcd = (address & 0o20) === 0; // formats.md §2
    this.next = Math.max(now, this.readyAt) + this.timing.start;
    if (write) {
      this.state = 'write';
      this.frames = this.writeBuffer;
      this.f = 0;
      return;
    }
    const e = tape[this.pos];
    if (e === undefined) {
      this.state = 'end';
      return;
    }
    this.pos++;
    if (e.kind === 'mark') {
      this.state = 'mark';
      return;
    }
    this.state = 'record';
    this.frames = e.frames;
    this.f = 0;
    if ((e.parity === 'bcd') !== this.bcd || e.error) this.tapeCheck = true;
  }

  read(now: number): number {
    const t = Math.max(now, this.next);
    if (this.state === 'record' && this.f < this.frames.length) {
      const w = frameWord(this.frames, this.f, this.bcd);
      this.f += 6;
      this.next = t + this.timing.word;
      this.readyAt = t;
      return w;
    }
    const was = this.state;
    this.state = 'idle';
    this.readyAt = t;
    if (was === 'mark') return END_OF_FILE;
    if (was === 'end') {
      this.endOfTape = true; // read past the last record (SIMH: end of medium sets end of tape)
      return END_OF_FILE;
    }
    return END_OF_RECORD;
  }

  write(word: number, now: number): number {
    if (this.state !== 'write') return END_OF_RECORD;
    const t = Math.max(now, this.next);
    if (this.f + 6 > this.frames.length) {
      this.writeBuffer = new Uint8Array(this.frames.length * 2);
      this.writeBuffer.set(this.frames.subarray(0, this.f));
      this.frames = this.writeBuffer;
    }
    for (let j = 0; j < 6; j++) {
      const c = wordChar(word, j);
      this.frames[this.f++] = this.bcd ? memoryToTapeBcd(c) : c;
    }
    this.next = t + this.timing.word;
    this.readyAt = t;
    return 0;
  }

  /** The record ends: a written one goes onto the tape, the rest of a read one passes the head. */
  disconnect(now: number): void {
    if (this.state === 'write' && this.f > 0) {
      this.put({ kind: 'record', frames: this.frames.slice(0, this.f), parity: this.bcd ? 'bcd' : 'binary' });
    } else if (this.state === 'record') {
      this.readyAt = Math.max(now, this.next) + Math.ceil((this.frames.length - this.f) / 6) * this.timing.word;
    }
    this.state = 'idle';
  }

  /** BST: back over one record or tape mark (none at the load point). Returns when the drive took the command. */
  backspace(now: number): number {
    const tape = this.mounted();
    this.disconnect(now);
    const t = Math.max(now, this.readyAt);
    if (this.pos > 0) {
      const e = tape[--this.pos]!;
      this.readyAt = t + this.timing.start + Math.ceil((entryFrames(e) - GAP_FRAMES) / 6) * this.timing.word;
    }
    return t;
  }

  /** WEF. */
  writeTapeMark(now: number): number {
    this.mounted();
    this.disconnect(now);
    this.writable('write a tape mark');
    const t = Math.max(now, this.readyAt);
    this.put(TAPE_MARK);
    this.readyAt = t + this.timing.start;
    return t;
  }

  /** REW: back to the load point; the drive is busy for the rewind, the CPU goes on. */
  rewind(now: number): number {
    const tape = this.mounted();
    this.disconnect(now);
    const t = Math.max(now, this.readyAt);
    let frames = 0;
    for (let i = 0; i < this.pos; i++) frames += entryFrames(tape[i]!);
    this.pos = 0;
    this.readyAt = t + Math.ceil(frames / this.timing.rewindFramesPerCycle);
    return t;
  }

  /** Write an entry at the head: what followed it is erased; passing the marker sets end of tape. */
  private put(e: TapeEntry): void {
    const tape = this.tape!;
    for (let i = this.pos; i < tape.length; i++) this.usedFrames -= entryFrames(tape[i]!);
    tape.length = this.pos;
    tape.push(e);
    this.pos++;
    this.usedFrames += entryFrames(e);
    this.modified = true;
    if (this.usedFrames > this.capacity) this.endOfTape = true;
  }

  private mounted(): TapeEntry[] {
    if (this.tape === null) throw new DeviceError(this.name, 'no tape mounted');
    return this.tape;
  }

  private writable(what: string): void {
    if (this.readOnly) throw new DeviceError(this.name, `cannot ${what}: ${this.path ?? 'the tape'} is mounted read-only`);
  }
}
