// Punched cards: 80 columns of punches (codes.ts convention), their 24 row-binary words as the
// 704 reads and punches them (formats.md §3.1), and deck image files: SIMH column binary .cbn
// (§3.4), SIMH BIN (§3.5, read only) and text decks (§3.6).

import { writeFileAtomic } from './atomicFile.ts';
import { asciiToHollerith, hasOddParity, hollerithToText, parityBit } from './codes.ts';
import { ImageError } from './errors.ts';
import { readFile } from './fileErrors.ts';

/** One card: the punches of columns 1-80. */
export type Card = Uint16Array;
/** End-of-file mark in a deck (a lone 0x8F in .cbn, a `~` line in text, formats.md §3.4, §3.6). */
export const DECK_EOF = 'eof';
export type DeckItem = Card | typeof DECK_EOF;
export type DeckFormat = 'cbn' | 'bin' | 'text';

export const CARD_COLUMNS = 80;
export const CARD_WORDS = 24;
const CBN_CARD_BYTES = 160;
const CBN_EOF = 0x8f;

export const blankCard = (): Card => new Uint16Array(CARD_COLUMNS);

/**
 * Row-binary word k (0-23) of a card: rows 9, 8, ..., 1, 0, 11, 12 two words each, left half
 * (columns 1-36) first, bit S = leftmost column (formats.md §3.1). That row order is exactly
 * punch bits 0..11, so word k is punch bit k>>1.
 */
export function cardWord(card: Card, k: number): number {
  const bit = 1 << (k >> 1);
  const base = (k & 1) * 36;
  let w = 0;
  for (let c = 0; c < 36; c++) w = w * 2 + (card[base + c]! & bit ? 1 : 0);
  return w;
}

/**
 * Set the punches of row-binary word k of a card (the inverse of cardWord). The word is taken in
 * two 18-bit halves, so each column's bit is an integer shift: `%` on a double is a library call
 * in V8, and every line printed and card punched comes through here 24 times.
 */
export function setCardWord(card: Card, k: number, word: number): void {
  const bit = 1 << (k >> 1);
  const base = (k & 1) * 36;
  const hi = Math.floor(word / 2 ** 18), lo = word - hi * 2 ** 18;
  for (let c = 0; c < 18; c++) {
    const l = base + c, r = l + 18;
    card[l] = (hi >> (17 - c)) & 1 ? card[l]! | bit : card[l]! & ~bit;
    card[r] = (lo >> (17 - c)) & 1 ? card[r]! | bit : card[r]! & ~bit;
  }
}

/** The 24 words the 704 reads from a card (columns 73-80 are not read). */
export function cardToWords(card: Card): number[] {
  const words: number[] = [];
  for (let k = 0; k < CARD_WORDS; k++) words.push(cardWord(card, k));
  return words;
}

/** A card punched from up to 24 row-binary words (missing words leave their rows blank). */
export function wordsToCard(words: ArrayLike<number>): Card {
  const card = blankCard();
  for (let k = 0; k < Math.min(words.length, CARD_WORDS); k++) setCardWord(card, k, words[k]!);
  return card;
}

// ---- column binary (.cbn), formats.md §3.4

/**
 * Two bytes a column: rows 12,11,0,1,2,3 in bits 5-0 of the first, rows 4-9 in the second; bit 6
 * gives odd parity; bit 7 marks a card's first byte; a lone 0x8F at a card boundary is end of file.
 */
export function encodeCbn(deck: readonly DeckItem[]): Uint8Array {
  let size = 0;
  for (const item of deck) size += item === DECK_EOF ? 1 : CBN_CARD_BYTES;
  const out = new Uint8Array(size);
  let p = 0;
  for (const item of deck) {
    if (item === DECK_EOF) {
      out[p++] = CBN_EOF;
      continue;
    }
    for (let col = 0; col < CARD_COLUMNS; col++) {
      const hi = (item[col]! >> 6) & 0o77;
      const lo = item[col]! & 0o77;
      out[p + 2 * col] = hi | parityBit(hi, true);
      out[p + 2 * col + 1] = lo | parityBit(lo, true);
    }
    out[p] |= 0x80;
    p += CBN_CARD_BYTES;
  }
  return out;
}

function parseCbn(bytes: Uint8Array, file: string): DeckItem[] {
  const deck: DeckItem[] = [];
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const first = bytes[i]!;
    if (!(first & 0x80)) throw new ImageError(file, { offset: i }, `expected the first byte of a card (bit 7 set), found 0x${hex(first)}`);
    if (first === CBN_EOF && (i + 1 === n || bytes[i + 1]! & 0x80)) {
      deck.push(DECK_EOF);
      i++;
      continue;
    }
    const card = blankCard();
    const have = Math.min(CBN_CARD_BYTES, n - i);
    for (let j = 0; j < have; j++) {
      const b = bytes[i + j]!;
      if (j > 0 && b & 0x80) throw new ImageError(file, { offset: i + j }, `card starting at byte ${i} is short: a new card begins after ${j} of ${CBN_CARD_BYTES} bytes`);
      if (!hasOddParity(b)) throw new ImageError(file, { offset: i + j }, `parity error in 0x${hex(b)} (column binary bytes have odd parity)`);
      card[j >> 1] |= j & 1 ? b & 0o77 : (b & 0o77) << 6;
    }
    if (have < CBN_CARD_BYTES) throw new ImageError(file, { offset: n }, `file ends inside the card starting at byte ${i} (${have} of ${CBN_CARD_BYTES} bytes)`);
    deck.push(card);
    i += CBN_CARD_BYTES;
  }
  return deck;
}

// ---- SIMH BIN, formats.md §3.5

/** First byte of a column: rows 6,7,8,9 in bits 7-4, low nibble 0; second: rows 12,11,0,1-5. */
function parseBin(bytes: Uint8Array, file: string): DeckItem[] {
  const whole = bytes.length - (bytes.length % CBN_CARD_BYTES);
  if (whole !== bytes.length) {
    throw new ImageError(file, { offset: bytes.length }, `file ends inside a card (${bytes.length - whole} of ${CBN_CARD_BYTES} bytes)`);
  }
  const deck: DeckItem[] = [];
  for (let i = 0; i < whole; i += CBN_CARD_BYTES) {
    const card = blankCard();
    for (let col = 0; col < CARD_COLUMNS; col++) {
      const a = bytes[i + 2 * col]!;
      if (a & 0x0f) throw new ImageError(file, { offset: i + 2 * col }, `low four bits of 0x${hex(a)} must be zero in BIN format`);
      card[col] = (a >> 4) | (bytes[i + 2 * col + 1]! << 4);
    }
    deck.push(card);
  }
  return deck;
}

// ---- text decks, formats.md §3.6

const SPECIAL_CARDS: ReadonlyArray<readonly [string, number]> = [
  ['eor', 0o007], // 7-8-9 in column 1
  ['eof', 0o015], // 6-7-9
  ['eoi', 0o017], // 6-7-8-9
];

/** One text line as a card (or the end-of-file mark); errors name file:line:column. */
export function parseTextLine(text: string, file: string, line: number): DeckItem {
  const s = text.endsWith('\r') ? text.slice(0, -1) : text;
  const fail = (i: number, problem: string): ImageError => new ImageError(file, { line, column: i + 1 }, problem);
  if (s.startsWith('~')) return parseDirective(s, fail);
  const card = blankCard();
  let col = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '\t') col = (col | 7) + 1; // to the next multiple of 8
    else if (ch === ' ') col++;
    else {
      const h = asciiToHollerith(ch);
      if (h < 0) throw fail(i, `${describe(ch)} has no 026 punch code`);
      if (col >= CARD_COLUMNS) throw fail(i, `${describe(ch)} falls in column ${col + 1}; a card has ${CARD_COLUMNS}`);
      card[col++] = h;
    }
  }
  return card;
}

function parseDirective(s: string, fail: (i: number, problem: string) => ImageError): DeckItem {
  const word = s.slice(1, 4).toLowerCase();
  const rest = (from: number, problem: (ch: string) => string): void => {
    const m = /[^ \t]/.exec(s.slice(from));
    if (m) throw fail(from + m.index, problem(describe(m[0])));
  };
  if (word === 'raw') {
    const card = blankCard();
    let digits = 0;
    for (let i = 4; i < s.length; i++) {
      const ch = s[i]!;
      if (ch === ' ' || ch === '\t') continue;
      if (ch < '0' || ch > '7') throw fail(i, `${describe(ch)} in ~raw; expected octal digits, four a column`);
      if (digits === 4 * CARD_COLUMNS) throw fail(i, `~raw has more than ${CARD_COLUMNS} columns`);
      card[digits >> 2] = (card[digits >> 2]! << 3) | (ch.charCodeAt(0) - 48);
      digits++;
    }
    if (digits % 4 !== 0) throw fail(s.length, `~raw ends inside a column (${digits} digits; four a column)`);
    return card;
  }
  const special = SPECIAL_CARDS.find(([name]) => name === word);
  if (special) {
    rest(4, (ch) => `unexpected ${ch} after ~${word}`);
    const card = blankCard();
    card[0] = special[1];
    return card;
  }
  rest(1, () => `unknown line ${JSON.stringify(s.trimEnd())}: expected ~raw, ~eor, ~eof, ~eoi or a lone ~`);
  return DECK_EOF; // a line holding only `~`
}

/** Text deck lines; any line may be a card or `~`; the last line may lack its newline. */
function parseText(bytes: Uint8Array, file: string): DeckItem[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l, i) => parseTextLine(l, file, i + 1));
}

/** A card from one line of text, e.g. typed by the operator; errors name `source`:1:column. */
export function textCard(text: string, source = 'text'): Card {
  const item = parseTextLine(text, source, 1);
  if (item === DECK_EOF) throw new ImageError(source, { line: 1, column: 1 }, 'a `~` line is an end of file, not a card');
  return item;
}

/** One line per card: text where every column is a 026 character, else ~eor/~eof/~eoi or ~raw. */
export function encodeText(deck: readonly DeckItem[]): string {
  let out = '';
  for (const item of deck) out += (item === DECK_EOF ? '~' : cardText(item)) + '\n';
  return out;
}

function cardText(card: Card): string {
  let text = '';
  for (let col = 0; col < CARD_COLUMNS; col++) {
    const ch = hollerithToText(card[col]!);
    if (ch === '') return cardSpecialText(card);
    text += ch;
  }
  return text.trimEnd();
}

function cardSpecialText(card: Card): string {
  if (card.subarray(1).every((c) => c === 0)) {
    const special = SPECIAL_CARDS.find(([, punches]) => punches === card[0]);
    if (special) return `~${special[0]}`;
  }
  let raw = '~raw';
  for (const c of card) raw += c.toString(8).padStart(4, '0');
  return raw;
}

// ---- files

/**
 * .cbn when the file starts with the end-of-file byte or with a card: bit 7 on its first byte
 * and on none of the next 159. A whole first card is enough, so that a parity error in it is
 * reported as one; a file shorter than a card must also have odd parity throughout. BIN when
 * whole 160-byte cards have zero low nibbles in every column's first byte and some byte is not
 * text; otherwise a text deck. SIMH's reader makes similar tests; a BIN deck that happens to look
 * like .cbn must be read with its format given.
 */
export function detectDeckFormat(bytes: Uint8Array): DeckFormat {
  const n = bytes.length;
  if (n > 0 && bytes[0]! & 0x80) {
    const whole = n >= CBN_CARD_BYTES;
    let card = true;
    for (let j = 0; j < Math.min(CBN_CARD_BYTES, n) && card; j++) {
      card = (j === 0 || !(bytes[j]! & 0x80)) && (whole || hasOddParity(bytes[j]!));
    }
    if (card || bytes[0] === CBN_EOF) return 'cbn';
  }
  if (n > 0 && n % CBN_CARD_BYTES === 0) {
    let zeroNibbles = true;
    let binary = false;
    for (let i = 0; i < n; i++) {
      const b = bytes[i]!;
      if (i % 2 === 0 && b & 0x0f) zeroNibbles = false;
      if (b >= 0x7f || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d)) binary = true;
    }
    if (zeroNibbles && binary) return 'bin';
  }
  return 'text';
}

export function parseDeck(bytes: Uint8Array, file: string, format: DeckFormat | 'auto' = 'auto'): DeckItem[] {
  const f = format === 'auto' ? detectDeckFormat(bytes) : format;
  return f === 'cbn' ? parseCbn(bytes, file) : f === 'bin' ? parseBin(bytes, file) : parseText(bytes, file);
}

export function readDeckFile(path: string, format: DeckFormat | 'auto' = 'auto'): DeckItem[] {
  return parseDeck(readFile(path, 'card deck'), path, format);
}

/** The format a deck is written in: .cbn for files named so, a text deck otherwise. */
export const deckFormatForPath = (path: string): 'cbn' | 'text' => (/\.cbn$/i.test(path) ? 'cbn' : 'text');

export function writeDeckFile(path: string, deck: readonly DeckItem[], format: 'cbn' | 'text' = deckFormatForPath(path)): void {
  writeFileAtomic(path, format === 'cbn' ? encodeCbn(deck) : encodeText(deck));
}

const hex = (b: number): string => b.toString(16).padStart(2, '0');

/** A character for messages: itself when printable ASCII, else its byte value. */
const describe = (ch: string): string => {
  const c = ch.charCodeAt(0);
  return c > 0x20 && c < 0x7f ? `'${ch}'` : `byte 0x${hex(c)}`;
};
