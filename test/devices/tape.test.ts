import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TapeDrive } from '../../src/machine/io.ts';
import { asciiToWords, memoryToTapeBcd, wordChar } from '../../src/devices/codes.ts';
import { DeviceError, ImageError } from '../../src/devices/errors.ts';
import { TAPE_TIMING, TapeUnit } from '../../src/devices/tape.ts';
import { encodeTap, TAPE_MARK, wordsToRecord, type TapeEntry, type TapeRecord } from '../../src/devices/tapeImage.ts';
import { END_OF_FILE, END_OF_RECORD } from '../../src/devices/unit.ts';
import { listing, scratchDir } from './helpers.ts';

const BIN = (n: number): number => 0o220 + n;
const BCD = (n: number): number => 0o200 + n;

/** CPYs until an exit, returning the words and the exit. */
function readRecord(t: TapeUnit, now = 0): { words: number[]; exit: number } {
  const words: number[] = [];
  for (;;) {
    const r = t.read(now);
    now = Math.max(now, t.readyAt);
    if (r < 0) return { words, exit: r };
    words.push(r);
  }
}

function writeRecord(t: TapeUnit, address: number, words: number[]): void {
  t.select(true, address, 0);
  for (const w of words) expect(t.write(w, 0)).toBe(0);
  t.disconnect(0);
}

const tapeWith = (entries: TapeEntry[]): TapeUnit => {
  const t = new TapeUnit(1);
  t.mount(entries);
  return t;
};

const r = (...words: number[]): TapeRecord => wordsToRecord(words, 'binary');

describe('727 tape drive', () => {
  it('behaves as SIMH was observed to (formats.md §4.2) and writes the same bytes', () => {
    const t = new TapeUnit(1);
    const drive: TapeDrive = t;
    t.mount([]);
    t.select(true, BIN(1), 0);
    for (const w of [0o123456701234, 0o400000000001, 0o777777777777]) t.write(w, 0);
    drive.writeTapeMark(0); // WEF ends the record being written first
    drive.rewind(0);
    t.select(false, BIN(1), 0);
    expect(readRecord(t)).toEqual({ words: [0o123456701234, 0o400000000001, 0o777777777777], exit: END_OF_RECORD });
    t.select(false, BIN(1), 0);
    expect(t.read(0)).toBe(END_OF_FILE);
    expect([...encodeTap(t.entries)]).toEqual([
      0x12, 0, 0, 0, 0x4a, 0x1c, 0x6e, 0x38, 0x4a, 0x1c, 0x20, 0x40, 0x40, 0x40, 0x40, 0x01,
      0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x12, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(t.name).toBe('tape 1');
  });

  it('translates BCD on the way to and from tape and writes BCD records with even parity', () => {
    const t = tapeWith([]);
    const words = asciiToWords('0 HELLO, WORLD $1.00');
    writeRecord(t, BCD(1), words);
    const rec = t.entries[0] as TapeRecord;
    expect(rec.parity).toBe('bcd');
    const expected = words.flatMap((w) => [0, 1, 2, 3, 4, 5].map((j) => memoryToTapeBcd(wordChar(w, j))));
    expect([...rec.frames]).toEqual(expected);
    expect(rec.frames[0]).toBe(0o12); // zero is written as 12
    t.rewind(0);
    t.select(false, BCD(1), 0);
    expect(readRecord(t)).toEqual({ words, exit: END_OF_RECORD });
    expect(t.tapeCheck).toBe(false);
  });

  it('raises tape check when a record is read in the other mode, and still delivers it untranslated', () => {
    const t = tapeWith([wordsToRecord(asciiToWords('AB'), 'bcd')]);
    t.select(false, BIN(1), 0);
    expect(t.read(0)).toBe(0o616220202020); // tape BCD: A = 61, B = 62, blanks = 20
    expect(t.tapeCheck).toBe(true);
  });

  it('fills a last partial word with zeros', () => {
    const t = tapeWith([{ kind: 'record', frames: Uint8Array.from([1, 2, 3, 4, 5, 6, 7]), parity: 'binary' }]);
    t.select(false, BIN(1), 0);
    expect(readRecord(t).words).toEqual([0o010203040506, 0o070000000000]);
  });

  it('skips the rest of a record when selected again', () => {
    const t = tapeWith([r(1, 2, 3), r(4, 5)]);
    t.select(false, BIN(1), 0);
    expect(t.read(0)).toBe(1);
    t.select(false, BIN(1), 0);
    expect(readRecord(t).words).toEqual([4, 5]);
  });

  it('backspaces one record, a tape mark counting as one, and not past the load point', () => {
    const t = tapeWith([r(1), TAPE_MARK, r(2)]);
    for (let i = 0; i < 3; i++) {
      t.select(false, BIN(1), 0);
      readRecord(t);
    }
    expect(t.position).toBe(3);
    t.backspace(0);
    t.backspace(0);
    expect(t.position).toBe(1);
    t.select(false, BIN(1), 0);
    expect(t.read(0)).toBe(END_OF_FILE);
    t.rewind(0);
    t.backspace(0);
    expect(t.position).toBe(0);
    t.select(false, BIN(1), 0);
    expect(readRecord(t).words).toEqual([1]);
  });

  it('loses what followed when it writes, and ends a record only when the program stops', () => {
    const t = tapeWith([r(1), r(2), TAPE_MARK, r(3)]);
    t.select(false, BIN(1), 0);
    readRecord(t);
    t.select(true, BIN(1), 0);
    t.write(7, 0);
    t.write(8, 0);
    expect(t.entries).toHaveLength(4); // the record is still being written
    t.disconnect(0);
    expect(t.entries).toEqual([r(1), r(7, 8)]);
    t.select(true, BIN(1), 0); // a select with no words writes nothing
    t.disconnect(0);
    expect(t.entries).toHaveLength(2);
  });

  it('takes the end-of-file exit and sets end of tape when reading runs off the data', () => {
    const t = tapeWith([r(1)]);
    t.select(false, BIN(1), 0);
    readRecord(t);
    t.select(false, BIN(1), 0);
    expect(t.read(0)).toBe(END_OF_FILE);
    expect(t.endOfTape).toBe(true);
  });

  it('sets end of tape when writing passes the end-of-tape marker', () => {
    const t = new TapeUnit(2, { capacityFrames: 400 });
    t.mount([]);
    writeRecord(t, BIN(2), new Array(10).fill(1)); // 60 frames + 150 of gap
    expect(t.endOfTape).toBe(false);
    writeRecord(t, BIN(2), new Array(10).fill(1));
    expect(t.endOfTape).toBe(true);
  });

  it('refuses to write a read-only tape and to work without a tape', () => {
    const t = new TapeUnit(2);
    expect(() => t.select(false, BIN(2), 0)).toThrow('tape 2: no tape mounted');
    t.mount([r(1)], { readOnly: true });
    expect(() => t.select(true, BIN(2), 0)).toThrow(DeviceError);
    expect(() => t.select(true, BIN(2), 0)).toThrow('tape 2: cannot write: the tape is mounted read-only');
    expect(() => t.writeTapeMark(0)).toThrow('tape 2: cannot write a tape mark: the tape is mounted read-only');
    expect(t.entries).toEqual([r(1)]);
  });

  it('paces words at 400 µs after a 10 ms start, and is busy while it rewinds', () => {
    expect([TAPE_TIMING.word, TAPE_TIMING.start]).toEqual([33, 833]);
    const t = tapeWith([r(1, 2, 3)]);
    t.select(false, BIN(1), 100);
    const times: number[] = [];
    let now = 100;
    for (let i = 0; i < 4; i++) {
      t.read(now);
      now = Math.max(now, t.readyAt);
      times.push(now);
    }
    expect(times).toEqual([933, 966, 999, 1032]);
    expect(t.rewind(now)).toBe(now); // the CPU goes on at once ...
    const busy = t.readyAt;
    expect(busy).toBeGreaterThan(now);
    t.select(false, BIN(1), now); // ... but the next select of this tape waits for the rewind
    t.read(now);
    expect(t.readyAt).toBe(busy + 833);
  });

  describe('image files', () => {
    const dir = scratchDir();

    it('starts a missing file blank and saves it atomically on detach', () => {
      const path = join(dir, 'new.tap');
      const t = new TapeUnit(3);
      t.attach(path);
      writeRecord(t, BIN(3), [0o123456701234, 0o400000000001, 0o777777777777]);
      t.writeTapeMark(0);
      expect(listing(dir)).toEqual([]);
      t.detach();
      expect([...readFileSync(path)].slice(0, 4)).toEqual([0x12, 0, 0, 0]);
      expect(listing(dir)).toEqual(['new.tap']);
      t.attach(path, { readOnly: true });
      t.select(false, BIN(3), 0);
      expect(readRecord(t).words).toEqual([0o123456701234, 0o400000000001, 0o777777777777]);
      t.detach();
    });

    it('saves in the format the file name asks for', () => {
      const path = join(dir, 'out.p7b');
      const t = new TapeUnit(4);
      t.attach(path);
      writeRecord(t, BCD(4), asciiToWords('X'));
      t.detach();
      expect(readFileSync(path)[0]! & 0x80).toBe(0x80);
    });

    it('leaves the drive and a malformed file alone', () => {
      const path = join(dir, 'bad.tap');
      writeFileSync(path, Uint8Array.from([6, 0, 0, 0, 0x40]));
      const before = statSync(path).mtimeMs;
      const t = tapeWith([r(9)]);
      expect(() => t.attach(path)).toThrow(ImageError);
      expect(() => t.attach(path)).toThrow(`${path}: byte 0: record of 6 bytes runs past the end of the file (1 bytes follow its length)`);
      expect(t.entries).toEqual([r(9)]);
      expect([...readFileSync(path)]).toEqual([6, 0, 0, 0, 0x40]);
      expect(statSync(path).mtimeMs).toBe(before);
    });

    it('keeps the tape mounted when it cannot be saved, so nothing is lost', () => {
      const sub = join(dir, 'later');
      const path = join(sub, 'keep.tap');
      const t = new TapeUnit(5);
      t.attach(path);
      writeRecord(t, BIN(5), [42]);
      expect(() => t.detach()).toThrow(/ENOENT/);
      expect(t.entries).toEqual([r(42)]);
      mkdirSync(sub);
      t.detach();
      expect(readFileSync(path)).toEqual(Buffer.from(encodeTap([r(42)])));
      expect(t.entries).toEqual([]);
    });
  });
});
