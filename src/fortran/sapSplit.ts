// Split an assembly's binary deck into the pieces its listing shows, one per origin (rhobbie's
// SapSplit, which the FORTRAN II build scripts name their pieces by): the listing is read line by
// line as UA SAP prints it (carriage control in column 1); an ORG, or an END, closes the piece
// the words since the last one loaded. Each piece is named by where it starts in the listing —
// `Page{p}Line{l}` when the listing carries page marks (`Page p` from column 121, as in the
// FORTRAN II listing FORT2.TXT), `Line{l}` otherwise — then `_` and its card type (F A R T),
// with a `T` added when its last card is a transfer card. Every word of the listing is checked
// against the deck, so a deck that does not match its listing stops the build.

import { cardType, loadAddress, wordCount, type Card, type CardType } from './binaryCards.ts';

export interface Piece {
  readonly name: string;
  readonly cards: Card[];
}

type Kind = 'F' | 'A' | 'R' | 'T';
const kindOf = (t: CardType | 'origin'): Kind => (t === 'RT' ? 'T' : t === 'origin' ? 'F' : t);

/** Reads the words of a deck in loading order, card by card, as a loader would. */
class DeckCursor {
  readonly cards: Card[] = [];
  private card: Card;
  private kind: Kind;
  private type: CardType | 'origin';
  private n = 0;
  private at: number;
  transferRead = false;

  constructor(private readonly deck: readonly Card[], private next: { i: number }, private readonly where: () => string) {
    this.card = this.take();
    this.type = cardType(this.card);
    this.kind = kindOf(this.type);
    this.at = this.kind === 'F' ? 0 : loadAddress(this.card);
  }

  get cardKind(): Kind {
    return this.kind;
  }

  private take(): Card {
    const c = this.deck[this.next.i++];
    if (c === undefined) throw new Error(`${this.where()}: the listing has more words than the deck`);
    this.cards.push(c);
    return c;
  }

  /** The next word and its address, or the transfer address once the transfer card is read. */
  read(): { address: number; word?: number } {
    if (this.transferRead) throw new Error(`${this.where()}: a word after the transfer card`);
    if (this.type === 'T' || this.type === 'RT') {
      this.transferRead = true;
      return { address: loadAddress(this.card) };
    }
    const full = this.kind === 'F';
    if (this.n === (full ? 24 : wordCount(this.card))) {
      this.card = this.take();
      const t = cardType(this.card);
      if (!full && (t === 'T' || t === 'RT')) {
        this.transferRead = true;
        return { address: loadAddress(this.card) };
      }
      if (!full && t !== this.type) throw new Error(`${this.where()}: the card type changes from ${this.type} to ${t}`);
      this.n = 0;
      if (!full) this.at = loadAddress(this.card);
    }
    const word = this.card[this.n + (full ? 0 : this.kind === 'A' ? 2 : 4)]!;
    this.n++;
    return { address: this.at++, word };
  }

  /** No words left on the current card (a full card's rest may be zeros). */
  empty(): boolean {
    if (this.kind === 'F') return this.card.slice(this.n).every((w) => w === 0) || this.n >= 24;
    if (this.type === 'T' || this.type === 'RT') return true;
    return this.n >= wordCount(this.card);
  }
}

const STATISTICS = ['0SHARE ASSEMBLER STATISTICS', '0TAPE  TOTAL', ' INP', ' LIB', ' COL', '0NUMBER OF ON-LINE INPUT RECORDS', '0NUMBER OF OFF-LINE PRINT RECORDS', '0NUMBER OF SYMBOLS'];
const isOctal = (s: string): boolean => /^[0-7]+$/.test(s);
const oct = (n: number, w = 5): string => n.toString(8).padStart(w, '0');

export function sapSplit(listing: readonly string[], deck: readonly Card[], listingName: string): Piece[] {
  const pieces: Piece[] = [];
  let page = 0, line = 0, startPage = 0, startLine = 0;
  let cursor: DeckCursor | null = null;
  let noOrg = true, bss = false, at = 0;
  const next = { i: 0 };
  const where = (): string => `${listingName}${page ? ` page ${page}` : ''} line ${line}`;
  const open = (): DeckCursor => {
    if (!cursor) {
      cursor = new DeckCursor(deck, next, where);
      if (noOrg) [startPage, startLine] = [page, line];
    }
    return cursor;
  };
  const end = (transfer: number | null): void => {
    if (transfer !== null && !cursor) open();
    const c = cursor as DeckCursor | null;
    if (c) {
      let t = transfer;
      if (c.cardKind === 'R') t = 0;
      let tail = '';
      if (t !== null && (!noOrg || t !== 0)) {
        const r = c.read();
        if (r.word !== undefined) throw new Error(`${where()}: the listing ends with a transfer to ${oct(t)}, the deck with a word at ${oct(r.address)}`);
        if (r.address !== t) throw new Error(`${where()}: the listing transfers to ${oct(t)}, the deck's transfer card to ${oct(r.address)}`);
        if (c.cardKind !== 'T') tail = 'T';
      }
      if (!c.empty()) throw new Error(`${where()}: the deck has more words on its card than the listing`);
      pieces.push({ name: `${startPage ? `Page${startPage}` : ''}Line${startLine}_${c.cardKind}${tail}`, cards: c.cards });
      cursor = null;
    }
    at = 0;
    bss = false;
    noOrg = true;
  };
  let skip = 0;
  for (const raw of listing) {
    const text = raw.padEnd(114);
    if (text.length > 120 && text.slice(120, 124) === 'Page') {
      page = parseInt(text.slice(125), 10);
      line = 1;
    } else line++;
    if (skip > 0) {
      if (!text.startsWith(STATISTICS[8 - skip]!)) throw new Error(`${where()}: not UA SAP's statistics`);
      skip--;
      continue;
    }
    if (text.startsWith(STATISTICS[0]!)) {
      skip = 7;
      continue;
    }
    if (text.slice(6, 24).trim() === '') {
      // ORG, BSS, BES, END: the value in the address column
      if (!isOctal(text.slice(24, 29))) continue;
      const value = parseInt(text.slice(24, 29), 8);
      const op = text.slice(37, 40);
      if (op === 'ORG') {
        if (cursor) end(null);
        noOrg = false;
        at = value;
        bss = false;
        [startPage, startLine] = [page, line];
      } else if (op === 'BES') {
        at = value;
        bss = false;
      } else if (op === 'BSS') {
        if (bss) at = value;
        if (value !== at) throw new Error(`${where()}: BSS at ${oct(value)}, the words had reached ${oct(at)}`);
        bss = true;
      } else if (op === 'END') end(text[41] !== ' ' ? value : null);
      continue;
    }
    if (!isOctal(text.slice(7, 12))) continue;
    const address = parseInt(text.slice(7, 12), 8);
    let digits = text[15] === ' ' && text[21] === ' ' && text[23] === ' ' ? text[14]! + text.slice(16, 21) + text[22] + text.slice(24, 29) : text.slice(14, 26);
    if (text[1] === 'U') digits = digits.replaceAll(' ', '0');
    const word = parseInt(digits, 8) + (text[13] === '-' ? 2 ** 35 : 0);
    const c = open();
    if (bss) at = address;
    if (address !== at) throw new Error(`${where()}: a word at ${oct(address)} where the listing had reached ${oct(at)}`);
    const r = c.read();
    if (r.word === undefined) throw new Error(`${where()}: the deck's transfer card comes before the listing's word at ${oct(address)}`);
    if ((r.address !== address || r.word !== word) && c.cardKind !== 'F') {
      throw new Error(`${where()}: the listing has ${oct(address)} ${oct(word, 12)}, the deck ${oct(r.address)} ${oct(r.word, 12)}`);
    }
    at++;
  }
  end(null);
  return pieces;
}
