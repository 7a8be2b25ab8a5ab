import { describe, expect, it } from 'vitest';
import {
  asciiToBcd, asciiToHollerith, asciiToWords, bcdToAscii, bcdToHollerith, hasOddParity, hollerithToAscii,
  hollerithToBcd, hollerithToText, memoryToTapeBcd, packWord, parityBit, row, ROW_0, ROW_11, ROW_12, ROW_8,
  tapeToMemoryBcd, wordChar, wordToAscii,
} from '../../src/devices/codes.ts';

// The memory BCD table of formats.md §1.1, written out again here as the test's own reference.
const SPEC_TABLE: Array<[string, number]> = [
  ...[...'0123456789'].map((c, i): [string, number] => [c, i]),
  ['=', 0o13], ["'", 0o14], ['+', 0o20], ['.', 0o33], [')', 0o34], ['-', 0o40], ['$', 0o53], ['*', 0o54],
  [' ', 0o60], ['/', 0o61], [',', 0o73], ['(', 0o74],
  ...[...'ABCDEFGHI'].map((c, i): [string, number] => [c, 0o21 + i]),
  ...[...'JKLMNOPQR'].map((c, i): [string, number] => [c, 0o41 + i]),
  ...[...'STUVWXYZ'].map((c, i): [string, number] => [c, 0o62 + i]),
];

describe('memory BCD (formats.md §1.1)', () => {
  it('maps the 48 standard characters both ways', () => {
    expect(SPEC_TABLE).toHaveLength(48);
    for (const [ch, code] of SPEC_TABLE) {
      expect(asciiToBcd(ch), ch).toBe(code);
      expect(bcdToAscii(code), code.toString(8)).toBe(ch);
    }
  });

  it('gives the 16 other codes distinct glyphs that do not read back as characters', () => {
    const glyphs = new Set<string>();
    for (let c = 0; c < 64; c++) glyphs.add(bcdToAscii(c));
    expect(glyphs.size).toBe(64);
    for (const c of [0o12, 0o15, 0o16, 0o17, 0o32, 0o35, 0o36, 0o37, 0o52, 0o55, 0o56, 0o57, 0o72, 0o75, 0o76, 0o77]) {
      expect(asciiToBcd(bcdToAscii(c))).toBe(-1);
    }
    expect(asciiToBcd('a')).toBe(-1);
    expect(asciiToBcd('&')).toBe(-1);
  });

  it('packs six characters a word, first in bits S-5', () => {
    const w = packWord([0o21, 0o22, 0o23, 0o60, 0o01, 0o77]);
    expect(w.toString(8).padStart(12, '0')).toBe('212223600177');
    expect(wordChar(w, 0)).toBe(0o21);
    expect(wordChar(w, 5)).toBe(0o77);
    expect(wordToAscii(w)).toBe('ABC 1#');
    expect(asciiToWords('HELLO, WORLD')).toEqual([0o302543434673, 0o606646514324]);
    expect(asciiToWords('A')).toEqual([0o216060606060]);
    expect(() => asciiToWords('AB%')).toThrow(/position 3/);
  });
});

describe('Hollerith (formats.md §1.2)', () => {
  it('decodes the examples the spec gives', () => {
    expect(hollerithToBcd(ROW_8 | row(3))).toBe(0o13);
    expect(hollerithToBcd(ROW_12 | ROW_8 | row(3))).toBe(0o33);
    expect(hollerithToBcd(ROW_11 | ROW_8 | row(4))).toBe(0o54);
    expect(hollerithToBcd(ROW_0 | ROW_8 | row(3))).toBe(0o73);
    expect(hollerithToBcd(ROW_0)).toBe(0o00);
    expect(hollerithToBcd(0)).toBe(0o60);
    expect(hollerithToBcd(ROW_0 | row(1))).toBe(0o61);
    expect(hollerithToBcd(ROW_12)).toBe(0o20);
    expect(hollerithToBcd(ROW_11)).toBe(0o40);
    expect(hollerithToBcd(ROW_12 | row(1))).toBe(0o21); // A
    expect(hollerithToBcd(ROW_12 | row(9))).toBe(0o31); // I
    expect(hollerithToBcd(ROW_11 | row(1))).toBe(0o41); // J
    expect(hollerithToBcd(ROW_0 | row(2))).toBe(0o62); // S
    expect(hollerithToBcd(ROW_0 | row(9))).toBe(0o71); // Z
    expect(hollerithToBcd(row(8))).toBe(0o10);
  });

  it('uses the 026 punches for the specials', () => {
    const punches: Array<[string, number]> = [
      ['=', ROW_8 | row(3)], ["'", ROW_8 | row(4)], ['.', ROW_12 | ROW_8 | row(3)], [')', ROW_12 | ROW_8 | row(4)],
      ['$', ROW_11 | ROW_8 | row(3)], ['*', ROW_11 | ROW_8 | row(4)], [',', ROW_0 | ROW_8 | row(3)],
      ['(', ROW_0 | ROW_8 | row(4)], ['+', ROW_12], ['-', ROW_11], ['/', ROW_0 | row(1)], [' ', 0], ['0', ROW_0], ['7', row(7)],
    ];
    for (const [ch, h] of punches) {
      expect(asciiToHollerith(ch), ch).toBe(h);
      expect(hollerithToText(h), ch).toBe(ch);
    }
    expect(asciiToHollerith('q')).toBe(ROW_11 | row(8));
    expect(asciiToHollerith('#')).toBe(-1);
  });

  it('round-trips every code through its punches', () => {
    for (let c = 0; c < 64; c++) expect(hollerithToBcd(bcdToHollerith(c)), c.toString(8)).toBe(c);
    expect(bcdToHollerith(0o32)).toBe(ROW_12 | ROW_0);
    expect(bcdToHollerith(0o52)).toBe(ROW_11 | ROW_0);
    expect(bcdToHollerith(0o12)).toBe(ROW_8 | row(2));
    expect(bcdToHollerith(0o72)).toBe(ROW_0 | ROW_8 | row(2));
  });

  it('rejects punches that are no character', () => {
    expect(hollerithToBcd(ROW_12 | ROW_11)).toBe(-1);
    expect(hollerithToBcd(row(1) | row(2))).toBe(-1);
    expect(hollerithToBcd(ROW_8 | row(9))).toBe(-1);
    expect(hollerithToBcd(ROW_12 | ROW_0 | row(1))).toBe(-1);
    expect(hollerithToAscii(row(1) | row(2))).toBe('{');
    expect(hollerithToAscii(ROW_12 | row(3))).toBe('C');
  });

  it('writes text only where the character reproduces the punches', () => {
    expect(hollerithToBcd(ROW_8 | row(1))).toBe(0o11); // 8-1 reads as 9 ...
    expect(hollerithToText(ROW_8 | row(1))).toBe(''); // ... but 9 is not punched 8-1
    expect(hollerithToText(ROW_8 | row(2))).toBe(''); // code 12 has no standard glyph
  });
});

describe('tape BCD (formats.md §1.3)', () => {
  it('swaps the A-I and S-Z zones and writes zero as 12', () => {
    expect(memoryToTapeBcd(0o00)).toBe(0o12);
    expect(memoryToTapeBcd(0o60)).toBe(0o20);
    expect(memoryToTapeBcd(0o21)).toBe(0o61);
    expect(memoryToTapeBcd(0o62)).toBe(0o22);
    expect(memoryToTapeBcd(0o41)).toBe(0o41);
    expect(memoryToTapeBcd(0o05)).toBe(0o05);
    for (let c = 0; c < 64; c++) if (c !== 0o12) expect(tapeToMemoryBcd(memoryToTapeBcd(c))).toBe(c);
    for (let c = 1; c < 64; c++) expect(memoryToTapeBcd(c), c.toString(8)).not.toBe(0);
  });
});

describe('parity', () => {
  it('makes odd or even frames', () => {
    expect(0o12 | parityBit(0o12, true)).toBe(0x4a); // formats.md §4.2 example
    expect(0o34 | parityBit(0o34, true)).toBe(0x1c);
    expect(parityBit(0o00, true)).toBe(0x40);
    expect(parityBit(0o00, false)).toBe(0);
    expect(parityBit(0o01, false)).toBe(0x40);
    expect(hasOddParity(0x4a)).toBe(true);
    expect(hasOddParity(0x0a)).toBe(false);
    expect(hasOddParity(0xc0)).toBe(true); // bit 7 does not count
  });
});
