// 36-bit 704 words as plain JS numbers (0 .. 2^36-1, sign at 2^35), per ibm704.md §1.
// Numbers keep the hot loop allocation-free; every value here is exact in a double.

export const W36 = 68719476736; // 2^36
export const SIGN = 34359738368; // 2^35, bit S
export const MAG = 34359738367; // bits 1-35
export const QBIT = 68719476736; // AC bit Q (2^36 in the 37-bit AC magnitude)
export const PBIT = 34359738368; // AC bit P (2^35 in the AC magnitude)
export const ACMAG = 137438953471; // Q,P,1-35 (2^37 - 1)
export const ADDR = 0x7fff; // bits 21-35
export const DEC_SHIFT = 262144; // 2^18: decrement field starts at bit 17
export const TAG_SHIFT = 32768; // 2^15
export const PREFIX_SHIFT = 8589934592; // 2^33
export const OP_SHIFT = 16777216; // 2^24

export const address = (w: number): number => w % TAG_SHIFT;
export const tag = (w: number): number => Math.floor(w / TAG_SHIFT) & 7;
export const decrement = (w: number): number => Math.floor(w / DEC_SHIFT) & ADDR;
export const prefix = (w: number): number => Math.floor(w / PREFIX_SHIFT) & 7;
/** Bits S,1-11: the 12-bit operation code of a type-B word (ibm704.md §4). */
export const op12 = (w: number): number => Math.floor(w / OP_SHIFT) & 0xfff;
export const isNegative = (w: number): boolean => w >= SIGN;
export const magnitude = (w: number): number => (w >= SIGN ? w - SIGN : w);

/** Replace bits 21-35 of a word. */
export const withAddress = (w: number, a: number): number => w - (w % TAG_SHIFT) + (a & ADDR);
/** Replace bits 3-17 of a word. */
export const withDecrement = (w: number, d: number): number =>
  w - decrement(w) * DEC_SHIFT + (d & ADDR) * DEC_SHIFT;

/** Build a word from its parts: prefix (3 bits incl. sign), decrement, tag, address. */
export const makeWord = (pfx: number, dec: number, tg: number, addr: number): number =>
  (pfx & 7) * PREFIX_SHIFT + (dec & ADDR) * DEC_SHIFT + (tg & 7) * TAG_SHIFT + (addr & ADDR);

/** Signed integer value of a sign-magnitude word (−0 reads as 0; use isNegative to tell). */
export const toInt = (w: number): number => (w >= SIGN ? -(w - SIGN) : w);
/** Sign-magnitude word from a JS integer; |n| must fit in 35 bits. `negZero` gives −0 for 0. */
export const fromInt = (n: number, negZero = false): number => {
  if (!Number.isSafeInteger(n) || Math.abs(n) > MAG) throw new RangeError(`${n} does not fit in 35 bits`);
  return n < 0 || (n === 0 && negZero) ? SIGN + Math.abs(n) : n;
};

/**
 * Bitwise AND/OR of two 36-bit numbers (JS bitwise operators take 32 bits): done on 18-bit halves.
 * `x & 0x3ffff` is exact for any integer below 2^53 (ToInt32 keeps the low bits) and, unlike `%`,
 * stays in machine code.
 */
/** ACL's sum of two words: 36 bits with the carry out of the top added back at the bottom (loaders' card checksums). */
export const aclSum = (a: number, b: number): number => {
  const s = a + b;
  return s >= W36 ? s - W36 + 1 : s;
};

export const and36 = (a: number, b: number): number => {
  const al = a & 0x3ffff, bl = b & 0x3ffff;
  return (((a - al) / DEC_SHIFT) & ((b - bl) / DEC_SHIFT)) * DEC_SHIFT + (al & bl);
};
export const or36 = (a: number, b: number): number => {
  const al = a & 0x3ffff, bl = b & 0x3ffff;
  return (((a - al) / DEC_SHIFT) | ((b - bl) / DEC_SHIFT)) * DEC_SHIFT + (al | bl);
};

const pad = (s: string, n: number): string => s.padStart(n, '0');

/** `+000000000014` style: sign and 12 octal digits of bits 1-35 (SIMH memory display). */
export const formatSigned = (w: number): string =>
  (w >= SIGN ? '-' : '+') + pad(magnitude(w).toString(8), 12);
/** 12 octal digits of the raw 36 bits (sign as the top bit). */
export const formatRaw = (w: number): string => pad(w.toString(8), 12);
export const formatAddr = (a: number): string => pad(a.toString(8), 5);
/** Instruction layout of UA SAP listings: sign+prefix digit, decrement, tag, address (`-3 00000 4 00012`). */
export const formatInstruction = (w: number): string => {
  const s = w >= SIGN ? '-' : ' ';
  return `${s}${prefix(w) & 3} ${formatAddr(decrement(w))} ${tag(w)} ${formatAddr(address(w))}`;
};

/**
 * Parse a word written as `+ddddddddddddd`/`-dddd…` (sign and up to 12 octal digits of the magnitude)
 * or as up to 12 raw octal digits. Returns NaN on bad input so callers can report their own context.
 */
export const parseWord = (text: string): number => {
  const t = text.trim();
  const m = /^([+-]?)([0-7]{1,12})$/.exec(t);
  if (!m) return NaN;
  const v = parseInt(m[2]!, 8);
  if (m[1] === '') return v < W36 ? v : NaN;
  if (v > MAG) return NaN;
  return m[1] === '-' ? SIGN + v : v;
};
