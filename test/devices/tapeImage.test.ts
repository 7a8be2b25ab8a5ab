import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImageError } from '../../src/devices/errors.ts';
import {
  encodeP7b, encodeTap, parseP7b, parseTap, parseTape, readTapeFile, recordToText, recordToWords, TAPE_MARK, textToRecord,
  wordsToRecord, writeTapeFile, type TapeEntry, type TapeRecord,
} from '../../src/devices/tapeImage.ts';
import { listing, random, scratchDir } from './helpers.ts';

const hex = (s: string): number[] => s.trim().split(/\s+/).map((h) => parseInt(h, 16));
const rec = (frames: number[], parity: 'binary' | 'bcd'): TapeRecord => ({ kind: 'record', frames: Uint8Array.from(frames), parity });

function randomTape(rnd: (n: number) => number): TapeEntry[] {
  const tape: TapeEntry[] = [];
  for (let i = 0; i < 40; i++) {
    if (rnd(6) === 0) {
      tape.push(TAPE_MARK);
      continue;
    }
    const frames = Array.from({ length: 2 + rnd(200) }, () => rnd(64));
    tape.push(rec(frames, rnd(2) ? 'binary' : 'bcd'));
  }
  return tape;
}

// formats.md §4.2: the bytes SIMH writes for a binary record of three words and a tape mark.
const SPEC_EXAMPLE = hex(`
  12 00 00 00
  4a 1c 6e 38 4a 1c  20 40 40 40 40 01  7f 7f 7f 7f 7f 7f
  12 00 00 00
  00 00 00 00`);

describe('SIMH .tap (formats.md §4.2)', () => {
  it('writes the worked example byte for byte', () => {
    const tape = [wordsToRecord([0o123456701234, 0o400000000001, 0o777777777777], 'binary'), TAPE_MARK];
    expect([...encodeTap(tape)]).toEqual(SPEC_EXAMPLE);
  });

  it('reads the worked example back', () => {
    const [r, m] = parseTap(Uint8Array.from(SPEC_EXAMPLE), 'ex.tap');
    expect(recordToWords(r as TapeRecord)).toEqual([0o123456701234, 0o400000000001, 0o777777777777]);
    expect((r as TapeRecord).parity).toBe('binary');
    expect(m).toBe(TAPE_MARK);
  });

  it('writes BCD records in tape BCD with even parity and pads odd lengths', () => {
    const r = textToRecord('A0');
    expect([...r.frames]).toEqual([0o61, 0o12, 0o20, 0o20, 0o20, 0o20]);
    expect(recordToText(r)).toBe('A0    ');
    const odd = encodeTap([rec([0o61, 0o12, 0o20], 'bcd')]);
    expect([...odd]).toEqual([3, 0, 0, 0, 0x71, 0x0a, 0x50, 0, 3, 0, 0, 0]);
  });

  it('round-trips random tapes, including error-flagged records', () => {
    const tape = randomTape(random(7));
    tape[3] = { ...(tape[3]!.kind === 'record' ? tape[3]! : rec([1], 'binary')), error: true };
    expect(parseTap(encodeTap(tape), 'r.tap')).toEqual(tape);
  });

  it('skips erase gaps and half gaps and stops at end of medium', () => {
    const image = Uint8Array.from([
      // a gap marker, then a half gap whose last two bytes begin another gap marker (SIMH's layout)
      ...hex('fe ff ff ff'), ...hex('ff ff'), ...hex('fe ff ff ff'),
      ...hex('01 00 00 00 40 00 01 00 00 00'), ...hex('00 00 00 00'),
      ...hex('ff ff ff ff'), 1, 2, 3,
    ]);
    expect(parseTap(image, 'g.tap')).toEqual([rec([0], 'binary'), TAPE_MARK]);
  });

  it('names file and offset of malformed images', () => {
    const good = encodeTap([rec([1, 2, 3, 4], 'binary'), TAPE_MARK]);
    const cases: Array<[number[], string]> = [
      [[...good, 0, 0], 'x.tap: byte 16: truncated length marker: 2 of 4 bytes'],
      [[...good.subarray(0, 10)], 'x.tap: byte 0: record of 4 bytes runs past the end of the file (6 bytes follow its length)'],
      [[...good.subarray(0, 8), 5, 0, 0, 0, ...good.subarray(12)], 'x.tap: byte 8: trailing length 0x00000005 does not match the leading 0x00000004 at byte 0'],
      [[4, 0, 0, 0, 0x01, 0x42, 0x43, 0x04, 4, 0, 0, 0], 'x.tap: byte 5: parity error: frame 0x42 has even parity in a binary (odd) record starting at byte 4'],
      [[2, 0, 0, 0, 0x41, 0xc2, 2, 0, 0, 0], 'x.tap: byte 5: frame 0xc2 has bit 7 set'],
      [[0, 0, 0, 0x12], 'x.tap: byte 0: 0x12000000 is neither a record length (24 bits) nor a known marker'],
    ];
    for (const [image, message] of cases) expect(() => parseTap(Uint8Array.from(image), 'x.tap')).toThrow(message);
    try {
      parseTap(good.subarray(0, 3), 'y.tap');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ImageError);
      expect((e as ImageError).where).toEqual({ offset: 0 });
    }
  });
});

describe('P7B (formats.md §4.3)', () => {
  it('marks record starts with bit 7 and writes a tape mark as 0x8F', () => {
    const image = encodeP7b([rec([0o12, 0o34], 'binary'), TAPE_MARK, rec([0o61, 0o12], 'bcd')]);
    expect([...image]).toEqual([0xca, 0x1c, 0x8f, 0xf1, 0x0a]);
    expect(parseP7b(image, 'a.p7b')).toEqual([rec([0o12, 0o34], 'binary'), TAPE_MARK, rec([0o61, 0o12], 'bcd')]);
  });

  it('round-trips random tapes', () => {
    const tape = randomTape(random(8));
    expect(parseP7b(encodeP7b(tape), 'r.p7b')).toEqual(tape);
  });

  it('keeps a one-frame binary 017 record apart from a tape mark and refuses the BCD one', () => {
    expect(parseP7b(encodeP7b([rec([0o17], 'binary')]), 'b.p7b')).toEqual([rec([0o17], 'binary')]);
    expect(() => encodeP7b([TAPE_MARK, rec([0o17], 'bcd')])).toThrow('tape entry 2: a one-frame BCD record 017 is a tape mark in P7B');
  });

  it('names file and offset of malformed images', () => {
    expect(() => parseP7b(Uint8Array.from([0x01, 0x80]), 'm.p7b')).toThrow('m.p7b: byte 0: expected a record start (bit 7 set), found 0x01');
    expect(() => parseP7b(Uint8Array.from([0xc0, 0x40, 0x00]), 'm.p7b')).toThrow('m.p7b: byte 2: parity error: frame 0x00 has even parity in a binary (odd) record starting at byte 0');
  });
});

describe('tape files', () => {
  const dir = scratchDir();

  it('picks the format by extension and otherwise by content', () => {
    const tape = randomTape(random(9));
    const tap = encodeTap(tape);
    const p7b = encodeP7b(tape);
    expect(parseTape(tap, 'tape.img')).toEqual(tape);
    expect(parseTape(p7b, 'tape.img')).toEqual(tape);
    expect(() => parseTape(p7b, 'tape.tap')).toThrow(/^tape\.tap: byte \d+: /);
    expect(() => parseTape(Uint8Array.from([1, 0, 0]), 'tape.img')).toThrow('tape.img: byte 0: truncated length marker: 3 of 4 bytes');
  });

  it('writes atomically and reads back', () => {
    const tape = randomTape(random(10));
    writeTapeFile(join(dir, 'a.tap'), tape);
    writeTapeFile(join(dir, 'a.p7b'), tape);
    expect(readFileSync(join(dir, 'a.tap'))).toEqual(Buffer.from(encodeTap(tape)));
    expect(readFileSync(join(dir, 'a.p7b'))).toEqual(Buffer.from(encodeP7b(tape)));
    expect(readTapeFile(join(dir, 'a.tap'))).toEqual(tape);
    expect(readTapeFile(join(dir, 'a.p7b'))).toEqual(tape);
    expect(listing(dir)).toEqual(['a.p7b', 'a.tap']);
  });

  it('leaves a malformed file and an unwritable target untouched', () => {
    const path = join(dir, 'bad.tap');
    writeFileSync(path, Uint8Array.from(SPEC_EXAMPLE.slice(0, 20)));
    const before = statSync(path).mtimeMs;
    expect(() => readTapeFile(path)).toThrow(`${path}: byte 0: record of 18 bytes runs past the end of the file`);
    expect([...readFileSync(path)]).toEqual(SPEC_EXAMPLE.slice(0, 20));
    expect(() => writeTapeFile(path.replace('.tap', '.p7b'), [rec([0o17], 'bcd')])).toThrow(/tape mark in P7B/);
    expect(statSync(path).mtimeMs).toBe(before);
    expect(listing(dir)).not.toContain('bad.p7b');
    expect(listing(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});
