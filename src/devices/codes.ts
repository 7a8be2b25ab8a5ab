// Character codes of the 704: memory BCD (formats.md §1.1), Hollerith punches (§1.2), BCD on
// tape (§1.3) and frame parity (§4.1). Codes are octal 6-bit numbers; a card column's punches
// are a 12-bit number with row 12 as bit 11, row 11 bit 10, row 0 bit 9, rows 1-9 bits 8-0
// (SIMH's convention, so row 9 is bit 0).

export const ROW_12 = 0x800;
export const ROW_11 = 0x400;
export const ROW_0 = 0x200;
export const ROW_8 = 0x002;
/** Punch bit of digit row 1-9. */
export const row = (n: number): number => 1 << (9 - n);

export const BCD_BLANK = 0o60;
/** Glyph shown for a column whose punches are no 704 character (SIMH's printer shows the same). */
export const INVALID_GLYPH = '{';

/**
 * Glyph of every memory BCD code. The 48 standard characters are from formats.md §1.1. The
 * other 16 codes have no standard glyph; they get the characters SIMH's printer shows for the
 * same punches (ibm704.md §1.2: "SIMH shows them with arbitrary ASCII"), except 12 (8-2) and
 * 72 (0-8-2), where SIMH's '0' and '@' would collide with other codes; there we use '"' and '|'.
 */
const GLYPHS =
  '01234567' + '89"=\':>%' +
  '+ABCDEFG' + 'HI?.)[<@' +
  '-JKLMNOP' + 'QR!$*];^' +
  ' /STUVWX' + 'YZ|,(~\\#';

/** The codes with a standard glyph (formats.md §1.1 list). */
const STANDARD = new Uint8Array(64);
for (const c of [0o00, 0o01, 0o02, 0o03, 0o04, 0o05, 0o06, 0o07, 0o10, 0o11, 0o13, 0o14, 0o20, 0o33, 0o34, 0o40, 0o53, 0o54, 0o60, 0o61, 0o73, 0o74]) STANDARD[c] = 1;
for (let c = 0o21; c <= 0o31; c++) STANDARD[c] = 1; // A-I
for (let c = 0o41; c <= 0o51; c++) STANDARD[c] = 1; // J-R
for (let c = 0o62; c <= 0o71; c++) STANDARD[c] = 1; // S-Z

const ASCII_TO_BCD = new Int8Array(128).fill(-1);
for (let c = 0; c < 64; c++) if (STANDARD[c]) ASCII_TO_BCD[GLYPHS.charCodeAt(c)] = c;

/** Glyph of a memory BCD code (standard or substitute; see GLYPHS). */
export const bcdToAscii = (code: number): string => GLYPHS[code & 0o77]!;

/** Memory BCD code of one of the 48 standard characters (upper case), or -1. */
export const asciiToBcd = (ch: string): number => {
  const c = ch.charCodeAt(0);
  return c < 128 ? ASCII_TO_BCD[c]! : -1;
};

/**
 * Punches of a memory BCD code (formats.md §1.2): zone 12 = 01xxxx, 11 = 10xxxx, 0 = 11xxxx;
 * digit 1-9 is that row, 8 plus a row for 11-15, blank (60) is no punch, 00 is a lone 0.
 * Digit value 10 is punched 8-2 without a zone and 0-8-2 in zone 0, but 12-0 and 11-0 in zones
 * 12 and 11 (the +0/-0 codes 32 and 52; SIMH's punch makes the same choice).
 */
export const bcdToHollerith = (code: number): number => {
  code &= 0o77;
  if (code === BCD_BLANK) return 0;
  if (code === 0) return ROW_0;
  const zone = code >> 4;
  const digit = code & 0o17;
  if (digit === 0o12 && (zone === 1 || zone === 2)) return (zone === 1 ? ROW_12 : ROW_11) | ROW_0;
  const z = zone === 0 ? 0 : zone === 1 ? ROW_12 : zone === 2 ? ROW_11 : ROW_0;
  if (digit === 0) return z;
  if (digit <= 9) return z | row(digit);
  return z | ROW_8 | row(digit - 8);
};

/** Decode one column (formats.md §1.2); -1 when the punches are no character. */
const decodeColumn = (h: number): number => {
  const digits = h & 0x1ff;
  let d = 0;
  if (digits !== 0) {
    const rest = digits & ~ROW_8;
    if (rest === 0) d = 8; // row 8 alone
    else {
      if ((rest & (rest - 1)) !== 0) return -1; // two digit rows besides 8
      d = 9 - Math.log2(rest) + (digits & ROW_8 ? 8 : 0);
      if (d > 15) return -1; // 8-9
    }
  }
  switch (h & (ROW_12 | ROW_11 | ROW_0)) {
    case 0: return digits === 0 ? BCD_BLANK : d;
    case ROW_0: return digits === 0 ? 0 : 0o60 + d;
    case ROW_12: return 0o20 + d;
    case ROW_11: return 0o40 + d;
    case ROW_12 | ROW_0: return digits === 0 ? 0o32 : -1;
    case ROW_11 | ROW_0: return digits === 0 ? 0o52 : -1;
    default: return -1; // 12-11 double zone
  }
};

const HOL_TO_BCD = new Int8Array(4096);
for (let h = 0; h < 4096; h++) HOL_TO_BCD[h] = decodeColumn(h);

/** Memory BCD code of a column's punches, or -1 when they are no 704 character. */
export const hollerithToBcd = (punches: number): number => HOL_TO_BCD[punches & 0xfff]!;

/** What a printer or a reader of text shows for a column's punches. */
export const hollerithToAscii = (punches: number): string => {
  const c = HOL_TO_BCD[punches & 0xfff]!;
  return c < 0 ? INVALID_GLYPH : GLYPHS[c]!;
};

/**
 * Punches of a character for a text deck: the 026 keypunch codes of formats.md §1.2 for the 48
 * standard characters (lower case is upper-cased, §3.6); -1 for any other character.
 */
export const asciiToHollerith = (ch: string): number => {
  const c = asciiToBcd(ch.toUpperCase());
  return c < 0 ? -1 : bcdToHollerith(c);
};

/**
 * The character a text deck writes for a column, or '' when no character reproduces exactly
 * these punches (e.g. 8-1, which reads as 9 but is not 9's punch).
 */
export const hollerithToText = (punches: number): string => {
  const c = HOL_TO_BCD[punches & 0xfff]!;
  return c >= 0 && STANDARD[c] === 1 && bcdToHollerith(c) === punches ? GLYPHS[c]! : '';
};

/**
 * Memory BCD to tape BCD (formats.md §1.3): codes with the 20 bit set have the 40 bit inverted,
 * and zero becomes 12 because an all-zero frame cannot be written (so blank 60 becomes 20).
 */
export const memoryToTapeBcd = (code: number): number =>
  code === 0 ? 0o12 : code & 0o20 ? code ^ 0o40 : code;

/** Tape BCD to memory BCD (the inverse of memoryToTapeBcd; tape 12 reads as zero). */
export const tapeToMemoryBcd = (code: number): number =>
  code === 0o12 ? 0 : code & 0o20 ? code ^ 0o40 : code;

/** 1 when the 6-bit value has an odd number of one bits. */
const ODD = new Uint8Array(64);
for (let c = 0; c < 64; c++) ODD[c] = (c ^ (c >> 1) ^ (c >> 2) ^ (c >> 3) ^ (c >> 4) ^ (c >> 5)) & 1;

/**
 * Parity bit (0 or 0x40) that makes a 7-bit frame's count of ones odd (binary tape, .cbn
 * cards) or even (BCD tape); formats.md §3.4, §4.1.
 */
export const parityBit = (c6: number, odd: boolean): number => ((ODD[c6 & 0o77] === 1) === odd ? 0 : 0x40);

/** True when bits 0-6 of a byte hold an odd number of ones. */
export const hasOddParity = (byte: number): boolean => (ODD[byte & 0o77]! ^ ((byte >> 6) & 1)) === 1;

const CHAR_SHIFT = [2 ** 30, 2 ** 24, 2 ** 18, 2 ** 12, 2 ** 6, 1];

/** Six 6-bit codes into a word, first code in bits S-5 (formats.md §1.1). */
export const packWord = (codes: ArrayLike<number>, start = 0): number => {
  let w = 0;
  for (let i = 0; i < 6; i++) w += (codes[start + i]! & 0o77) * CHAR_SHIFT[i]!;
  return w;
};

/** The i-th (0-5) 6-bit code of a word. */
export const wordChar = (word: number, i: number): number => Math.floor(word / CHAR_SHIFT[i]!) & 0o77;

/** Text of a word read as six memory BCD characters. */
export const wordToAscii = (word: number): string => {
  let s = '';
  for (let i = 0; i < 6; i++) s += GLYPHS[wordChar(word, i)];
  return s;
};

/**
 * Words holding a text as memory BCD, six characters a word, the last padded with blanks.
 * Throws a RangeError naming the first character with no standard code.
 */
export const asciiToWords = (text: string): number[] => {
  const words: number[] = [];
  const codes = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < text.length; i += 6) {
    for (let j = 0; j < 6; j++) {
      const ch = text[i + j];
      const c = ch === undefined ? BCD_BLANK : asciiToBcd(ch);
      if (c < 0) throw new RangeError(`character ${JSON.stringify(ch)} at position ${i + j + 1} has no 704 BCD code`);
      codes[j] = c;
    }
    words.push(packWord(codes));
  }
  return words;
};
