// Binary cards as UA SAP punches them (formats.md §3.3; uasap.sap STORE, PUNCH, ABPCH, RLCPU):
// assembled words are gathered in a block that loads at consecutive addresses; the block is
// punched when it is full or when the loading address jumps (ORG, BSS, BES, a numeric location
// symbol, a phase error, a change of card format, a transfer card), and the next block loads at
// the location counter of that moment.
//   ABS: 9L = word count (decrement) and loading address, 9R = ACL sum of 9L and the data, up to
//        22 data words from 8L; blocks of 110 words.
//   FUL: 24 raw words a card (a short card is blank at the end); blocks of 96 words.
//   REL: like ABS with 9L bit 1 set, 8L-8R holding relocation bits (per word decrement then
//        address: 0 absolute, 10 relocatable, 11 complemented) and up to 20 data words from 7L; a
//        card also ends once its relocation bits pass 68.
//   Transfer card (TCD, END): 9L = address, count 0 (bit 1 set in REL), nothing else.

import { CARD_WORDS } from '../devices/cards.ts';
import { aclSum } from '../cpu/word.ts';
import type { Relocation } from './expr.ts';

export type CardFormat = 'ABS' | 'FUL' | 'REL';
export type PunchKind = 'abs' | 'ful' | 'rel' | 'transfer';

export interface PunchedCard {
  readonly kind: PunchKind;
  /** The 24 row-binary words, 9L first. */
  readonly words: readonly number[];
}

const REL_BIT = 2 ** 34; // DEC 2B2 in 9L
/** Data words per block: REL's 110 block words include two relocation words on each of 5 cards. */
const BLOCK_WORDS: Record<CardFormat, number> = { ABS: 110, FUL: 96, REL: 100 };
const REL_DATA = 20;
const REL_BITS = 68;

/** Relocation bits of a word (REL cards). */
const relocBits = (r: Relocation): string => (r === 0 ? '0' : r === 2 ? '10' : '11');

export class Punch {
  format: CardFormat = 'ABS';
  readonly cards: PunchedCard[] = [];
  /** Every word stored, by loading address (later words replace earlier ones). */
  readonly image = new Map<number, number>();
  private load = 0;
  private words: number[] = [];
  /** REL: per card of the block, its relocation bit string and word count. */
  private relCards: { bits: string; count: number }[] = [];

  /** Punch the block (if any) and start the next one loading at `next`. */
  flush(next: number): void {
    if (this.words.length > 0) this.punchBlock();
    this.load = next & 0x7fff;
    this.words = [];
    this.relCards = [];
  }

  /**
   * Store a word; `location` is the location counter after it (where a following block would
   * start). Returns the address the word loads at.
   */
  store(word: number, reloc: readonly [Relocation, Relocation], location: number): number {
    const at = (this.load + this.words.length) & 0x7fff;
    this.image.set(at, word);
    this.words.push(word);
    let full = this.words.length >= BLOCK_WORDS[this.format];
    if (this.format === 'REL') {
      let card = this.relCards[this.relCards.length - 1];
      if (!card || card.count === REL_DATA) this.relCards.push((card = { bits: '', count: 0 }));
      card.count++;
      card.bits += relocBits(reloc[0]) + relocBits(reloc[1]);
      if (card.bits.length > REL_BITS) full = true;
    }
    if (full) this.flush(location);
    return at;
  }

  /** Transfer card to `address` (after punching the block). */
  transfer(address: number, location: number): void {
    this.flush(location);
    const words = new Array<number>(CARD_WORDS).fill(0);
    words[0] = (this.format === 'REL' ? REL_BIT : 0) + (address & 0x7fff);
    this.cards.push({ kind: 'transfer', words });
  }

  setFormat(format: CardFormat, location: number): void {
    this.flush(location);
    this.format = format;
  }

  private punchBlock(): void {
    if (this.format === 'FUL') {
      for (let i = 0; i < this.words.length; i += CARD_WORDS) {
        const words = this.words.slice(i, i + CARD_WORDS);
        while (words.length < CARD_WORDS) words.push(0);
        this.cards.push({ kind: 'ful', words });
      }
      return;
    }
    let address = this.load;
    const chunks: { data: number[]; extra: number[] }[] = [];
    if (this.format === 'ABS') {
      for (let i = 0; i < this.words.length; i += 22) chunks.push({ data: this.words.slice(i, i + 22), extra: [] });
    } else {
      let i = 0;
      for (const c of this.relCards) {
        const bits = c.bits.padEnd(72, '0');
        chunks.push({ data: this.words.slice(i, i + c.count), extra: [parseInt(bits.slice(0, 36), 2), parseInt(bits.slice(36), 2)] });
        i += c.count;
      }
    }
    for (const { data, extra } of chunks) {
      const body = [...extra, ...data];
      const nine = (this.format === 'REL' ? REL_BIT : 0) + data.length * 2 ** 18 + address;
      const sum = body.reduce(aclSum, nine);
      const words = [nine, sum, ...body];
      while (words.length < CARD_WORDS) words.push(0);
      this.cards.push({ kind: this.format === 'ABS' ? 'abs' : 'rel', words });
      address = (address + data.length) & 0x7fff;
    }
  }
}

export interface ReadDeck {
  /** Words of the absolute cards by loading address. */
  readonly image: Map<number, number>;
  /** Address of the first transfer card. */
  readonly start?: number;
  /** Cards that are not absolute or transfer cards (a self-loading card, say), by position. */
  readonly other: { readonly index: number; readonly words: readonly number[] }[];
}

/**
 * Read a deck back: a card whose 9L count is 1-22 and whose 9R is the ACL sum is an absolute
 * card, one with count 0 and nothing else punched a transfer card; anything else is kept raw.
 */
export function readDeck(cards: readonly (readonly number[])[]): ReadDeck {
  const image = new Map<number, number>();
  const other: { index: number; words: readonly number[] }[] = [];
  let start: number | undefined;
  cards.forEach((words, index) => {
    const nine = words[0]!;
    const count = Math.floor(nine / 2 ** 18) & 0x7fff;
    const addr = nine % 2 ** 15;
    const prefixBits = Math.floor(nine / 2 ** 33);
    const data = words.slice(2, 2 + count);
    if (prefixBits === 0 && count === 0 && words.slice(1).every((w) => w === 0)) {
      start ??= addr;
    } else if (prefixBits === 0 && count <= 22 && data.reduce(aclSum, nine) === words[1]) {
      data.forEach((w, k) => image.set((addr + k) & 0x7fff, w));
    } else {
      other.push({ index, words });
    }
  });
  return { image, ...(start === undefined ? {} : { start }), other };
}
