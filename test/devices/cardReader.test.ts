import { describe, expect, it } from 'vitest';
import { cardToWords, DECK_EOF, textCard, type Card } from '../../src/devices/cards.ts';
import { CardReader } from '../../src/devices/cardReader.ts';
import { DeviceError } from '../../src/devices/errors.ts';
import { msToCycles } from '../../src/devices/timing.ts';
import { END_OF_FILE, END_OF_RECORD, NO_INPUT, type Unit } from '../../src/devices/unit.ts';

const READER = 0o321;

/** CPYs until an exit other than a word, as the CPU would do them. */
function readCard(unit: Unit, now = 0): { words: number[]; exit: number } {
  const words: number[] = [];
  for (;;) {
    const r = unit.read(now);
    now = Math.max(now, unit.readyAt);
    if (r < 0) return { words, exit: r };
    words.push(r);
  }
}

const words = (card: Card): number[] => [...cardToWords(card)];

describe('711 card reader', () => {
  it('delivers 24 words a card, then the end-of-record exit, and needs a new select for the next card', () => {
    const a = textCard('FIRST CARD');
    const b = textCard('SECOND CARD');
    const r = new CardReader();
    r.feed([a, b]);
    expect(r.name).toBe('card reader');
    r.select(false, READER, 0);
    expect(readCard(r)).toEqual({ words: words(a), exit: END_OF_RECORD });
    expect(r.read(0)).toBe(END_OF_RECORD); // disconnected until the next select
    r.select(false, READER, 0);
    expect(readCard(r)).toEqual({ words: words(b), exit: END_OF_RECORD });
    expect(r.hopperCount).toBe(0);
  });

  it('skips the rest of a card when selected again part-way through it', () => {
    const r = new CardReader();
    r.feed([textCard('ONE'), textCard('TWO')]);
    r.select(false, READER, 0);
    expect(r.read(0)).toBe(words(textCard('ONE'))[0]);
    r.select(false, READER, 0);
    expect(readCard(r).words).toEqual(words(textCard('TWO')));
  });

  it('feeds a card on the select, so a select without CPYs passes one', () => {
    const r = new CardReader();
    r.feed([textCard('ONE'), textCard('TWO')]);
    r.select(false, READER, 0);
    r.disconnect(0);
    r.select(false, READER, 0);
    expect(readCard(r).words).toEqual(words(textCard('TWO')));
  });

  it('asks for input when the hopper is empty, and the same CPY then succeeds', () => {
    const r = new CardReader();
    r.select(false, READER, 0);
    expect(r.read(0)).toBe(NO_INPUT);
    expect(r.read(0)).toBe(NO_INPUT);
    r.feed([textCard('LATE')]);
    expect(readCard(r)).toEqual({ words: words(textCard('LATE')), exit: END_OF_RECORD });
  });

  it('takes the end-of-file exit on an empty hopper when the end-of-file switch is on', () => {
    const r = new CardReader();
    r.setEndOfFile(true);
    r.select(false, READER, 0);
    expect(r.read(0)).toBe(END_OF_FILE);
    r.setEndOfFile(false);
    r.select(false, READER, 0);
    expect(r.read(0)).toBe(NO_INPUT);
  });

  it('takes the end-of-file exit at an end-of-file mark in the deck and reads on after it', () => {
    const r = new CardReader();
    r.feed([textCard('A'), DECK_EOF, textCard('B')]);
    r.select(false, READER, 0);
    expect(readCard(r).exit).toBe(END_OF_RECORD);
    r.select(false, READER, 0);
    expect(r.read(0)).toBe(END_OF_FILE);
    r.select(false, READER, 0);
    expect(readCard(r)).toEqual({ words: words(textCard('B')), exit: END_OF_RECORD });
  });

  it('refuses to be written', () => {
    const r = new CardReader();
    expect(() => r.select(true, READER, 0)).toThrow(DeviceError);
    expect(() => r.select(true, READER, 0)).toThrow('card reader: cannot be selected for writing');
  });

  it('paces words as ibm704.md §9.6 describes', () => {
    const start = msToCycles(63.5), pair = msToCycles(0.74), rowGap = msToCycles(11.5);
    expect([start, pair, rowGap]).toEqual([5292, 62, 958]);
    const r = new CardReader();
    r.feed([textCard('X'), textCard('Y')]);
    r.select(false, READER, 1000);
    const times: number[] = [];
    let now = 1000;
    for (let k = 0; k < 25; k++) {
      r.read(now);
      now = Math.max(now, r.readyAt);
      times.push(now);
    }
    for (let k = 0; k < 24; k++) expect(times[k], `word ${k}`).toBe(1000 + start + (k >> 1) * rowGap + (k & 1) * pair);
    expect(times[24]).toBe(times[23]! + msToCycles(6)); // the end-of-record exit
    r.select(false, READER, now); // a running reader takes the next card a card cycle (240 ms) later
    r.read(now);
    expect(r.readyAt).toBe(1000 + start + msToCycles(240));
  });

  it('does not make a slow program wait again for words that are already there', () => {
    const r = new CardReader();
    r.feed([textCard('X')]);
    r.select(false, READER, 0);
    r.read(100_000);
    expect(r.readyAt).toBe(100_000);
  });
});
