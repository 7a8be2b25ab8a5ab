import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Drum as DrumPort } from '../../src/machine/io.ts';
import { Drum, DRUM_WORDS, encodeDrumImage, parseDrumImage } from '../../src/devices/drum.ts';
import { ImageError } from '../../src/devices/errors.ts';
import { END_OF_RECORD } from '../../src/devices/unit.ts';
import { listing, scratchDir } from './helpers.ts';

const DRUM = (n: number): number => 0o300 + n;

describe('733 drum', () => {
  it('moves consecutive words from the address LDA gives, separately on each logical drum', () => {
    const d = new Drum();
    const port: DrumPort = d;
    port.select(true, DRUM(3), 0);
    port.setAddress(100, 0);
    for (const w of [1, 2 ** 35, 2 ** 36 - 1]) expect(d.write(w, 0)).toBe(0);
    d.select(false, DRUM(3), 0);
    d.setAddress(100);
    expect([d.read(0), d.read(0), d.read(0)]).toEqual([1, 2 ** 35, 2 ** 36 - 1]);
    expect(d.name).toBe('drum 3');
    d.select(false, DRUM(4), 0);
    d.setAddress(100);
    expect(d.read(0)).toBe(0);
    expect(d.words[2 * DRUM_WORDS + 101]).toBe(2 ** 35);
  });

  it('starts at address 0 on a select and wraps at the end of a drum', () => {
    const d = new Drum();
    d.select(true, DRUM(1), 0);
    d.write(5, 0);
    d.setAddress(DRUM_WORDS - 1);
    d.write(6, 0);
    d.write(7, 0); // wraps to address 0 of drum 1, not into drum 2
    d.select(false, DRUM(1), 0);
    expect(d.read(0)).toBe(7);
    d.setAddress(2 * DRUM_WORDS + 5); // only the low 11 bits count
    expect(d.read(0)).toBe(0);
    expect(d.words[DRUM_WORDS - 1]).toBe(6);
    expect(d.words[DRUM_WORDS]).toBe(0);
  });

  it('answers a read when selected for writing with end of record, and refuses other units', () => {
    const d = new Drum();
    d.select(true, DRUM(1), 0);
    expect(d.read(0)).toBe(END_OF_RECORD);
    expect(() => d.select(false, 0o311, 0)).toThrow('drum: unit 311 is not a drum (0301-0310)');
  });

  it('waits for the word to come round under the head, one word every 8 cycles', () => {
    const d = new Drum();
    d.select(false, DRUM(1), 0);
    d.setAddress(10, 0);
    d.read(0);
    expect(d.readyAt).toBe(80);
    d.read(83); // address 11 comes at 88
    expect(d.readyAt).toBe(88);
    d.read(200); // address 12 passed at 96: wait a turn
    expect(d.readyAt).toBe(96 + DRUM_WORDS * 8);
  });

  describe('image files', () => {
    const dir = scratchDir();

    it('saves 8-byte little-endian words atomically on detach and loads them back', () => {
      const path = join(dir, 'drum.img');
      const d = new Drum();
      d.attach(path);
      d.select(true, DRUM(1), 0);
      d.setAddress(1);
      d.write(0o123456701234, 0);
      d.write(2 ** 36 - 1, 0);
      expect(listing(dir)).toEqual([]);
      d.detach();
      expect([...readFileSync(path)]).toEqual([
        0, 0, 0, 0, 0, 0, 0, 0,
        0x9c, 0x82, 0xbb, 0x9c, 0x02, 0, 0, 0, // 123456701234 = 0x29cbb829c
        0xff, 0xff, 0xff, 0xff, 0x0f, 0, 0, 0,
      ]);
      const e = new Drum();
      e.attach(path);
      expect([...e.words.subarray(0, 4)]).toEqual([0, 0o123456701234, 2 ** 36 - 1, 0]);
    });

    it('attaches one logical drum to its own file and writes back only the drums written', () => {
      const three = join(dir, 'drum3.img'), five = join(dir, 'drum5.img');
      writeFileSync(three, encodeDrumImage(Float64Array.from([7, 8])));
      writeFileSync(five, encodeDrumImage(Float64Array.from([9])));
      const fiveBefore = statSync(five).mtimeMs;
      const d = new Drum();
      d.attach(three, 3);
      d.attach(five, 5);
      d.select(false, DRUM(3), 0);
      d.setAddress(1, 0);
      expect(d.read(0)).toBe(8);
      d.select(true, DRUM(3), 0);
      d.setAddress(2, 0);
      d.write(0o777, 0);
      d.detach();
      expect([...parseDrumImage(readFileSync(three), three)]).toEqual([7, 8, 0o777]);
      expect(statSync(five).mtimeMs).toBe(fiveBefore);
    });

    it('refuses a logical drum image of more than 2048 words at the offset where it overflows', () => {
      const path = join(dir, 'big.img');
      writeFileSync(path, encodeDrumImage(new Float64Array(DRUM_WORDS + 1).fill(1)));
      expect(() => new Drum().attach(path, 2)).toThrow(`${path}: byte ${DRUM_WORDS * 8}: more than ${DRUM_WORDS} words`);
    });

    it('does not rewrite an image it did not change', () => {
      const path = join(dir, 'same.img');
      writeFileSync(path, encodeDrumImage(Float64Array.from([1, 2, 3])));
      const before = statSync(path).mtimeMs;
      const d = new Drum();
      d.attach(path);
      d.select(false, DRUM(1), 0);
      d.read(0);
      d.detach();
      expect(statSync(path).mtimeMs).toBe(before);
    });

    it('refuses malformed images and leaves them and the drum alone', () => {
      const path = join(dir, 'bad.img');
      writeFileSync(path, Uint8Array.from([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10, 0, 0, 0]));
      const d = new Drum();
      d.words[7] = 7;
      expect(() => d.attach(path)).toThrow(ImageError);
      expect(() => d.attach(path)).toThrow(`${path}: byte 8: word 1 has bits above the 36th set`);
      expect(d.words[7]).toBe(7);
      expect(() => parseDrumImage(new Uint8Array(12), 'x.img')).toThrow('x.img: byte 8: file ends inside a word (4 of 8 bytes)');
      expect(() => parseDrumImage(new Uint8Array(8 * 8 * DRUM_WORDS + 8), 'y.img')).toThrow(`y.img: byte ${8 * 8 * DRUM_WORDS}: more than 16384 words`);
    });
  });
});
