// ibm704.md §1: 36-bit sign-magnitude words, their fields and written forms (src/cpu/word.ts).

import { describe, expect, it } from 'vitest';
import {
  address, and36, decrement, formatInstruction, formatRaw, formatSigned, fromInt, isNegative, magnitude, makeWord, op12,
  or36, parseWord, prefix, tag, toInt, withAddress, withDecrement,
} from '../../src/cpu/word.ts';
import { ALL, MAG, SIGN, op } from './runner.ts';

describe('§1 fields: prefix S,1,2; decrement 3-17; tag 18-20; address 21-35', () => {
  const w = parseInt('537654321765', 8); // prefix 5, decrement 37654, tag 3, address 21765
  it('extracts each field', () => {
    expect([prefix(w), decrement(w), tag(w), address(w)]).toEqual([5, 0o37654, 3, 0o21765]);
  });
  it('op12 is bits S,1-11 (CAL = 04500)', () => {
    expect(op12(op('CAL', 0o1234, 4)).toString(8)).toBe('4500');
    expect(op12(op('CLA')).toString(8)).toBe('500');
  });
  it('makeWord builds from the parts and round-trips', () => {
    expect(makeWord(5, 0o37654, 3, 0o21765)).toBe(w);
    expect(makeWord(7, 0o77777, 7, 0o77777)).toBe(ALL);
  });
  it('withAddress and withDecrement replace one field only', () => {
    expect(withAddress(w, 0o12345).toString(8)).toBe('537654312345');
    expect(withDecrement(w, 0o1).toString(8)).toBe('500001321765');
    expect(withAddress(ALL, 0)).toBe(ALL - 0o77777);
  });
});

describe('§1 sign-magnitude numbers and the two zeros', () => {
  it('toInt / fromInt / isNegative / magnitude', () => {
    expect(toInt(SIGN + 5)).toBe(-5);
    expect(fromInt(-5)).toBe(SIGN + 5);
    expect(fromInt(0, true)).toBe(SIGN);
    expect(fromInt(0)).toBe(0);
    expect(isNegative(SIGN)).toBe(true);
    expect(magnitude(SIGN + MAG)).toBe(MAG);
    expect(() => fromInt(MAG + 1)).toThrow();
  });
  it('and36 / or36 work on all 36 bits', () => {
    expect(and36(ALL, SIGN + 1)).toBe(SIGN + 1);
    expect(or36(SIGN, 0o777777)).toBe(SIGN + 0o777777);
    expect(and36(parseInt('525252525252', 8), parseInt('252525252525', 8))).toBe(0);
  });
});

describe('§1 written forms', () => {
  it('signed form: sign and 12 octal digits of bits 1-35; raw form: 12 digits of all 36 bits', () => {
    expect(formatSigned(SIGN + 5)).toBe('-000000000005');
    expect(formatSigned(5)).toBe('+000000000005');
    expect(formatRaw(SIGN + 5)).toBe('400000000005');
  });
  it('parseWord reads both forms and rejects bad input', () => {
    expect(parseWord('-000000000005')).toBe(SIGN + 5);
    expect(parseWord('400000000005')).toBe(SIGN + 5);
    expect(parseWord('+5')).toBe(5);
    expect(parseWord('-400000000000')).toBeNaN();
    expect(parseWord('8')).toBeNaN();
    expect(parseWord('1000000000000')).toBeNaN();
  });
  it('the UA SAP listing layout of an instruction', () => {
    expect(formatInstruction(op('TXL', 0o12, 4, 0))).toBe('-3 00000 4 00012');
  });
});
