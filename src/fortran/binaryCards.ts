// Binary cards as the 704's loaders read them (SHARE reference manual §3.10, as rhobbie's tools
// classify them): a card is a row of 24 words, 9L first. 9L holds the word count in the
// decrement, the loading address and, in bits S,1,2 ("prefix"), the kind: 0 absolute, 1 (bit 2)
// relocatable; 9R holds the ACL checksum of 9L and the data words. A card with a count of 0 is a
// transfer card. Anything else is a "full" card: 24 raw words, as FUL punches them.
// The build steps of FORTRAN II (mkf2.ts) copy, split and patch such cards.

import { aclSum, decrement, prefix, tag, W36 } from '../cpu/word.ts';

export type Card = readonly number[];
export type CardType = 'F' | 'A' | 'R' | 'T' | 'RT';

export function checksum(card: Card): number {
  let s = card[0]!;
  for (let i = 2; i < 24; i++) s = aclSum(s, card[i]!);
  return s;
}

export function cardType(card: Card): CardType | 'origin' {
  const w9l = card[0]!;
  const p = prefix(w9l);
  if (card[1] !== 0 && (p & 1) === 0 && checksum(card) !== card[1]) return 'F';
  if (tag(w9l) !== 0) return 'F';
  const d = decrement(w9l);
  if (d >> 5 === 1) return 'origin';
  if (d >> 5 !== 0) return 'F';
  if (p >> 1 === 0) return d > 22 ? 'F' : d === 0 ? 'T' : 'A';
  if (p >> 1 === 1) return d > 20 ? 'F' : d === 0 ? 'RT' : 'R';
  return 'F';
}

/** Words on an absolute or relocatable card (its decrement); a full card carries 24. */
export const wordCount = (card: Card): number => decrement(card[0]!);
export const loadAddress = (card: Card): number => card[0]! & 0x7fff;

/** Where a 9L/9R ... 12R field is: its index on the card. */
const ROWS = ['9L', '9R', '8L', '8R', '7L', '7R', '6L', '6R', '5L', '5R', '4L', '4R', '3L', '3R', '2L', '2R', '1L', '1R', '0L', '0R', '11L', '11R', '12L', '12R'];
/** Parts of a word a patch may name: [first bit from the right, length]. */
const PARTS: Record<string, [number, number]> = { '': [0, 36], A: [0, 15], T: [15, 3], D: [18, 15], P: [33, 3], M: [0, 35], S: [35, 1] };

/**
 * Patch one card: `spec` is `9LP=1,4RA=01037` ... (row and half, then the part A T D P M S or a
 * bit 1-36, `=` an octal value). A card whose checksum was right gets its checksum redone.
 */
export function patchCard(card: Card, spec: string): number[] {
  const out = [...card];
  const hadChecksum = checksum(card) === card[1];
  for (const item of spec.split(',')) {
    const m = /^(\d+[LR])([A-Z]|\d+)?=([0-7]+)$/i.exec(item.trim());
    const index = m ? ROWS.indexOf(m[1]!.toUpperCase()) : -1;
    if (!m || index < 0) throw new Error(`patch "${item}": not ROW(L|R)[PART]=OCTAL`);
    const part = (m[2] ?? '').toUpperCase();
    const bit = Number(part);
    const [from, length] = /^\d+$/.test(part) && bit >= 1 && bit <= 36 ? [36 - bit, 1] : PARTS[part] ?? [-1, 0];
    if (from < 0) throw new Error(`patch "${item}": no part ${part} (A T D P M S or a bit 1-36)`);
    const value = parseInt(m[3]!, 8);
    if (value >= 2 ** length) throw new Error(`patch "${item}": ${m[3]} does not fit in ${length} bits`);
    const unit = 2 ** from;
    const old = out[index]!;
    const field = Math.floor(old / unit) % 2 ** length;
    out[index] = old + (value - field) * unit;
  }
  if (hadChecksum) out[1] = checksum(out);
  return out;
}

/**
 * A deck without its transfer card, which must be its last card and match the deck's kind
 * (rhobbie's RemoveTransfercard): absolute cards end with an absolute transfer card, relocatable
 * ones with a relocatable one.
 */
export function removeTransferCard(deck: readonly Card[], name: string): Card[] {
  const out: Card[] = [];
  let kind: CardType | undefined;
  let transfer = false;
  deck.forEach((card, i) => {
    const t = cardType(card);
    if (transfer) throw new Error(`${name}: card ${i + 1} follows the transfer card`);
    if (t === 'T' || t === 'RT') {
      if (kind !== undefined && kind !== (t === 'T' ? 'A' : 'R')) throw new Error(`${name}: card ${i + 1}: a ${t} transfer card after ${kind} cards`);
      transfer = true;
      return;
    }
    if (t === 'origin') throw new Error(`${name}: card ${i + 1} is an origin table`);
    if (kind !== undefined && kind !== t) throw new Error(`${name}: card ${i + 1}: the card type changes from ${kind} to ${t}`);
    kind ??= t;
    out.push(card);
  });
  return out;
}

/** A deck without blank cards and cards whose 9L is all ones (rhobbie's CleanDeck). */
export const cleanDeck = (deck: readonly Card[]): Card[] =>
  deck.filter((c) => c.some((w) => w !== 0) && c[0] !== W36 - 1);
