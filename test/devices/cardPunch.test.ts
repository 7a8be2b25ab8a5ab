import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Punch } from '../../src/machine/io.ts';
import { cardToWords, DECK_EOF, encodeCbn, readDeckFile, textCard, type Card } from '../../src/devices/cards.ts';
import { CardPunch, type PunchedCard } from '../../src/devices/cardPunch.ts';
import { row } from '../../src/devices/codes.ts';
import { END_OF_RECORD } from '../../src/devices/unit.ts';
import { listing, scratchDir } from './helpers.ts';

const PUNCH = 0o341;

function punchWords(p: CardPunch, words: ArrayLike<number>): number[] {
  const exits: number[] = [];
  let now = 0;
  for (let i = 0; i < words.length; i++) {
    exits.push(p.write(words[i]!, now));
    now = Math.max(now, p.readyAt);
  }
  return exits;
}

/** Columns 1-72 of a card: all the 704 can punch. */
const visible = (c: Card): number[] => [...c.subarray(0, 72)];

describe('721 card punch', () => {
  it('punches 24 words as one card and answers a 25th with end of record', () => {
    const p: Punch = new CardPunch();
    const seen: PunchedCard[] = [];
    (p as CardPunch).onCard = (c) => seen.push(c);
    const card = textCard('      PUNCHED BY THE 704');
    p.select(true, PUNCH, 0);
    expect(punchWords(p as CardPunch, [...cardToWords(card), 0o777])).toEqual([...new Array(24).fill(0), END_OF_RECORD]);
    expect((p as CardPunch).punched).toHaveLength(1);
    expect(visible((p as CardPunch).punched[0]!.card)).toEqual(visible(card));
    expect(seen).toEqual((p as CardPunch).punched);
  });

  it('punches a card cut short by a new select with the rows it got, and nothing for an empty select', () => {
    const p = new CardPunch();
    p.select(true, PUNCH, 0);
    punchWords(p, [2 ** 35, 1]); // 9L, 9R: column 1 and column 72, row 9
    p.select(true, PUNCH, 0);
    p.disconnect(0);
    expect(p.punched).toHaveLength(1);
    const card = p.punched[0]!.card;
    expect(card[0]).toBe(row(9));
    expect(card[71]).toBe(row(9));
    expect(card.filter((c) => c !== 0)).toHaveLength(2);
  });

  it('records SPU impulses with the card and rejects other numbers', () => {
    const p = new CardPunch();
    p.select(true, PUNCH, 0);
    p.sense(2);
    punchWords(p, new Array(24).fill(0));
    p.select(true, PUNCH, 0);
    punchWords(p, new Array(24).fill(0));
    expect(p.punched.map((c) => c.impulses)).toEqual([0b10, 0]);
    expect(() => p.sense(3)).toThrow('card punch: SPU 3: only impulses 1 and 2 exist');
  });

  it('cannot be read', () => {
    expect(() => new CardPunch().select(false, PUNCH, 0)).toThrow('card punch: cannot be selected for reading');
  });

  describe('deck files', () => {
    const dir = scratchDir();

    it('appends to an existing deck and saves atomically on detach, as text or .cbn', () => {
      const path = join(dir, 'out.txt');
      writeFileSync(path, 'OLD CARD\n~\n');
      const p = new CardPunch();
      p.attach(path);
      p.select(true, PUNCH, 0);
      punchWords(p, cardToWords(textCard('NEW CARD')));
      expect(readFileSync(path, 'utf8')).toBe('OLD CARD\n~\n'); // nothing written before detach
      p.detach();
      expect(readFileSync(path, 'utf8')).toBe('OLD CARD\n~\nNEW CARD\n');

      const cbn = join(dir, 'out.cbn');
      p.attach(cbn);
      p.select(true, PUNCH, 0);
      punchWords(p, cardToWords(textCard('BINARY')));
      p.detach();
      expect(readFileSync(cbn)).toEqual(Buffer.from(encodeCbn([textCard('BINARY')])));
      expect(readDeckFile(cbn)).toEqual([textCard('BINARY')]);
      expect(listing(dir)).toEqual(['out.cbn', 'out.txt']);
    });

    it('refuses a malformed deck and leaves it untouched', () => {
      const path = join(dir, 'bad.txt');
      writeFileSync(path, 'GOOD\nBAD %\n');
      const before = statSync(path).mtimeMs;
      expect(() => new CardPunch().attach(path)).toThrow(`${path}:2:5: '%' has no 026 punch code`);
      expect(readFileSync(path, 'utf8')).toBe('GOOD\nBAD %\n');
      expect(statSync(path).mtimeMs).toBe(before);
    });

    it('keeps the end-of-file marks of the deck it appends to', () => {
      const path = join(dir, 'marks.txt');
      writeFileSync(path, '~\n');
      const p = new CardPunch();
      p.attach(path);
      expect(p.deck()).toEqual([DECK_EOF]);
    });
  });
});
