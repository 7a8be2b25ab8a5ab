import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  blankCard, cardToWords, cardWord, DECK_EOF, detectDeckFormat, encodeCbn, encodeText, parseDeck, readDeckFile,
  setCardWord, textCard, wordsToCard, writeDeckFile, type Card, type DeckItem,
} from '../../src/devices/cards.ts';
import { asciiToHollerith, row, ROW_0, ROW_11, ROW_12, ROW_8 } from '../../src/devices/codes.ts';
import { ImageError } from '../../src/devices/errors.ts';
import { listing, random, scratchDir } from './helpers.ts';

const SIGN = 2 ** 35;
const ROWS = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 11, 12]; // formats.md §3.1 word order
const punchOf = (r: number): number => (r === 12 ? ROW_12 : r === 11 ? ROW_11 : r === 0 ? ROW_0 : row(r));

function randomCard(rnd: (n: number) => number): Card {
  const card = blankCard();
  for (let c = 0; c < 80; c++) card[c] = rnd(4096);
  return card;
}

/** Reference for word k written from the spec's wording, one bit string per word. */
function specWord(card: Card, k: number): number {
  const r = ROWS[k >> 1]!;
  const first = k & 1 ? 36 : 0;
  let bits = '';
  for (let c = first; c < first + 36; c++) bits += card[c]! & punchOf(r) ? '1' : '0';
  return parseInt(bits, 2);
}

const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);
const text = (s: string): Uint8Array => Buffer.from(s, 'latin1');

describe('row binary (formats.md §3.1)', () => {
  it('puts column 1 in bit S of 9L and column 72 in bit 35 of a right word', () => {
    const card = blankCard();
    card[0] = row(9);
    expect(cardToWords(card)[0]).toBe(SIGN);
    card[0] = 0;
    card[35] = row(9);
    expect(cardWord(card, 0)).toBe(1);
    card[35] = 0;
    card[36] = ROW_12;
    expect(cardWord(card, 23)).toBe(SIGN);
    card[36] = 0;
    card[71] = ROW_0;
    expect(cardWord(card, 19)).toBe(1);
  });

  it('does not read columns 73-80', () => {
    const card = blankCard();
    card.fill(0xfff, 72);
    expect([...cardToWords(card)]).toEqual(new Array(24).fill(0));
  });

  it('agrees with the spec wording on random cards and inverts', () => {
    const rnd = random(1);
    for (let n = 0; n < 20; n++) {
      const card = randomCard(rnd);
      const words = cardToWords(card);
      for (let k = 0; k < 24; k++) expect(words[k], `word ${k}`).toBe(specWord(card, k));
      const back = wordsToCard(words);
      expect([...back.subarray(0, 72)]).toEqual([...card.subarray(0, 72)]);
      expect([...back.subarray(72)]).toEqual(new Array(8).fill(0));
    }
  });

  it('setCardWord replaces the row it sets', () => {
    const card = blankCard();
    card.fill(row(5) | row(4));
    setCardWord(card, 8, 0); // 5L
    expect(card[0]).toBe(row(4));
    expect(card[36]).toBe(row(5) | row(4));
    setCardWord(card, 9, 2 ** 36 - 1); // 5R, all ones
    expect(card[71]).toBe(row(5) | row(4));
  });
});

describe('column binary .cbn (formats.md §3.4)', () => {
  it('encodes a column as two odd-parity bytes with bit 7 on the first byte of a card', () => {
    const card = blankCard();
    card[0] = ROW_12 | row(1); // A
    card[1] = row(9) | row(4);
    const out = encodeCbn([card, DECK_EOF]);
    expect(out.length).toBe(161);
    expect([...out.subarray(0, 6)]).toEqual([0xe4, 0x40, 0x40, 0x21 | 0x40, 0x40, 0x40]);
    expect(out[160]).toBe(0x8f);
  });

  it('round-trips decks with end-of-file marks', () => {
    const rnd = random(2);
    const deck: DeckItem[] = [randomCard(rnd), randomCard(rnd), DECK_EOF, randomCard(rnd), DECK_EOF];
    const image = encodeCbn(deck);
    expect(detectDeckFormat(image)).toBe('cbn');
    expect(parseDeck(image, 'x.cbn')).toEqual(deck);
  });

  it('reads a file holding only the end-of-file byte', () => {
    expect(parseDeck(bytes(0x8f), 'eof.cbn')).toEqual([DECK_EOF]);
  });

  it('names the byte of a parity error, a short card and a truncated card', () => {
    const good = encodeCbn([blankCard(), blankCard()]);
    const badParity = good.slice();
    badParity[5] ^= 0x40;
    expect(() => parseDeck(badParity, 'p.cbn')).toThrow('p.cbn: byte 5: parity error in 0x00');
    const short = new Uint8Array([...good.subarray(0, 100), ...good.subarray(160)]);
    expect(() => parseDeck(short, 's.cbn', 'cbn')).toThrow(/^s\.cbn: byte 100: card starting at byte 0 is short/);
    expect(() => parseDeck(good.subarray(0, 319), 't.cbn')).toThrow('t.cbn: byte 319: file ends inside the card starting at byte 160 (159 of 160 bytes)');
    expect(() => parseDeck(good.subarray(1), 'n.cbn', 'cbn')).toThrow(/^n\.cbn: byte 0: expected the first byte of a card/);
  });
});

describe('SIMH BIN (formats.md §3.5)', () => {
  it('reads rows 6-9 from the high nibble of the first byte and 12,11,0,1-5 from the second', () => {
    const image = new Uint8Array(160);
    image[0] = 0x90; // rows 6 and 9
    image[1] = 0x81; // rows 12 and 5
    image[2] = 0x20; // row 8
    image[3] = 0x40; // row 11
    expect(detectDeckFormat(image)).toBe('bin');
    const [card] = parseDeck(image, 'x.bin') as Card[];
    expect(card![0]).toBe(ROW_12 | row(5) | row(6) | row(9));
    expect(card![1]).toBe(ROW_11 | ROW_8);
    expect([...card!.subarray(2)]).toEqual(new Array(78).fill(0));
  });

  it('rejects a set low nibble and a partial card', () => {
    const image = new Uint8Array(320);
    image[162] = 0x01;
    expect(() => parseDeck(image, 'b.bin', 'bin')).toThrow('b.bin: byte 162: low four bits of 0x01 must be zero in BIN format');
    expect(() => parseDeck(new Uint8Array(170), 'c.bin', 'bin')).toThrow('c.bin: byte 170: file ends inside a card (10 of 160 bytes)');
  });
});

describe('text decks (formats.md §3.6)', () => {
  it('punches characters with the 026 codes, upper-casing and expanding tabs', () => {
    const [card] = parseDeck(text('Ab\t=\t\t.\r\n'), 'd.txt') as Card[];
    expect(card![0]).toBe(ROW_12 | row(1));
    expect(card![1]).toBe(ROW_12 | row(2));
    expect(card![8]).toBe(ROW_8 | row(3)); // column 9
    expect(card![24]).toBe(ROW_12 | ROW_8 | row(3)); // column 25
    expect(card!.filter((c) => c !== 0)).toHaveLength(4);
  });

  it('reads ~raw columns, special cards and the end-of-file line', () => {
    const deck = parseDeck(text('~raw4000 0001\n~EOR\n~eof\n~eoi  \n~\n~ \t\nLAST'), 'd.txt');
    expect(deck).toHaveLength(7);
    const raw = deck[0] as Card;
    expect(raw[0]).toBe(ROW_12);
    expect(raw[1]).toBe(row(9));
    expect(raw.subarray(2).every((c) => c === 0)).toBe(true);
    expect((deck[1] as Card)[0]).toBe(row(7) | row(8) | row(9));
    expect((deck[2] as Card)[0]).toBe(row(6) | row(7) | row(9));
    expect((deck[3] as Card)[0]).toBe(row(6) | row(7) | row(8) | row(9));
    expect(deck[4]).toBe(DECK_EOF);
    expect(deck[5]).toBe(DECK_EOF);
    expect((deck[6] as Card)[3]).toBe(asciiToHollerith('T'));
  });

  it('reports line and column of what cannot be punched', () => {
    const cases: Array<[string, string]> = [
      ['OK\nAB#C\n', 'deck.txt:2:3: \'#\' has no 026 punch code'],
      ['\u00c3\n', 'deck.txt:1:1: byte 0xc3 has no 026 punch code'],
      [`${'X'.repeat(80)}Y`, "deck.txt:1:81: 'Y' falls in column 81; a card has 80"],
      ['~raw 123', 'deck.txt:1:9: ~raw ends inside a column (3 digits; four a column)'],
      ['~raw 0009', "deck.txt:1:9: '9' in ~raw; expected octal digits, four a column"],
      [`~raw${'0000'.repeat(80)}1`, 'deck.txt:1:325: ~raw has more than 80 columns'],
      ['~eof x', "deck.txt:1:6: unexpected 'x' after ~eof"],
      ['~foo', 'deck.txt:1:2: unknown line "~foo": expected ~raw, ~eor, ~eof, ~eoi or a lone ~'],
    ];
    for (const [input, message] of cases) {
      expect(() => parseDeck(text(input), 'deck.txt')).toThrow(message);
    }
    try {
      parseDeck(text('A\n%'), 'e.txt');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ImageError);
      expect((e as ImageError).where).toEqual({ line: 2, column: 1 });
    }
  });

  it('keeps blanks past column 80 harmless', () => {
    expect(parseDeck(text(`${'X'.repeat(80)}    \n`), 'd.txt')).toHaveLength(1);
  });

  it('writes text where it can, ~eor/~eof/~eoi and ~raw where it cannot', () => {
    const special = blankCard();
    special[0] = row(7) | row(8) | row(9);
    const odd = textCard('9 LIVES');
    odd[0] = ROW_8 | row(1); // reads as 9, but is not 9's punch
    const out = encodeText([textCard('HELLO, WORLD   '), blankCard(), special, DECK_EOF, odd]);
    const lines = out.split('\n');
    expect(lines.slice(0, 4)).toEqual(['HELLO, WORLD', '', '~eor', '~']);
    expect(lines[4]).toMatch(/^~raw040200002100/); // 8-1, blank, L
    expect(lines[4]).toHaveLength(4 + 320);
    expect(lines[5]).toBe('');
  });

  it('round-trips random decks through text', () => {
    const rnd = random(3);
    const deck: DeckItem[] = [];
    for (let i = 0; i < 30; i++) deck.push(i % 7 === 6 ? DECK_EOF : i % 2 ? randomCard(rnd) : textCard('CARD ' + i + ' = (A+B)*C/D, $.-\''));
    expect(parseDeck(text(encodeText(deck)), 'r.txt')).toEqual(deck);
  });
});

describe('format detection', () => {
  it('tells .cbn, BIN and text apart', () => {
    const cbn = encodeCbn([textCard('X')]);
    expect(detectDeckFormat(cbn.subarray(0, 100))).toBe('cbn'); // truncated, but parity holds
    expect(detectDeckFormat(text('\u00c3\n'))).toBe('text'); // not ASCII, not a card either
    expect(detectDeckFormat(text('HELLO\n'))).toBe('text');
    expect(detectDeckFormat(text(' '.repeat(160)))).toBe('text'); // 160 blanks are text, not BIN
    expect(detectDeckFormat(new Uint8Array(160))).toBe('bin');
    expect(detectDeckFormat(new Uint8Array(0))).toBe('text');
  });
});

describe('deck files', () => {
  const dir = scratchDir();

  it('writes .cbn by extension, text otherwise, and reads either back by content', () => {
    const deck: DeckItem[] = [textCard('ONE'), textCard('TWO'), DECK_EOF];
    writeDeckFile(join(dir, 'deck.cbn'), deck);
    writeDeckFile(join(dir, 'deck.txt'), deck);
    expect(readFileSync(join(dir, 'deck.cbn'))[0]! & 0x80).toBe(0x80);
    expect(readFileSync(join(dir, 'deck.txt'), 'latin1')).toBe('ONE\nTWO\n~\n');
    expect(readDeckFile(join(dir, 'deck.cbn'))).toEqual(deck);
    expect(readDeckFile(join(dir, 'deck.txt'))).toEqual(deck);
    expect(listing(dir)).toEqual(['deck.cbn', 'deck.txt']);
  });

  it('leaves a malformed file untouched', () => {
    const path = join(dir, 'bad.cbn');
    const image = encodeCbn([blankCard()]).subarray(0, 150);
    writeFileSync(path, image);
    const before = statSync(path).mtimeMs;
    expect(() => readDeckFile(path)).toThrow(`${path}: byte 150: file ends inside the card`);
    expect(readFileSync(path)).toEqual(Buffer.from(image));
    expect(statSync(path).mtimeMs).toBe(before);
  });

  it('reads an empty file as an empty deck', () => {
    writeFileSync(join(dir, 'empty.txt'), '');
    expect(readDeckFile(join(dir, 'empty.txt'))).toEqual([]);
  });
});
