// cards.sap and print.sap on the emulated 704: RCARD turns a card's row-binary punches into BCD
// characters (every character of the 704 set, in both halves of the card), WPRT turns BCD
// characters back into the printer's row image, and the line-building routines (WTXT, WNUM,
// WSNUM, WBLK) put the right text in the right columns.

import { describe, expect, it } from 'vitest';
import { blankCard, textCard } from '../../src/devices/cards.ts';
import { asciiToBcd, ROW_0, ROW_11, ROW_12, row } from '../../src/devices/codes.ts';
import { Game704 } from './deck.ts';

/** The 48 characters of the 704 (formats.md §1.1), blank included. */
const CHARSET = '0123456789=\'+ABCDEFGHI.)-JKLMNOPQR$* /STUVWXYZ,(';
const BLANK = 0o60;

function readCard(g: Game704, text: string | Uint16Array): number[] {
  g.m.reader.feed([typeof text === 'string' ? textCard(text) : text]);
  expect(g.call('RCARD', { returns: 2 }).ret).toBe(2);
  return Array.from({ length: 72 }, (_, j) => g.peek('RCHR', -j));
}

describe('RCARD', () => {
  const g = new Game704();

  it('reads every character of the 704 set, in each column position', () => {
    // The set three times, shifted, so every character lands in both halves and in several
    // bit positions of the row words (columns 1, 36, 37 and 72 included).
    for (const shift of [0, 13, 24, 36]) {
      const line = (' '.repeat(shift) + CHARSET + CHARSET).slice(0, 72).padEnd(72, ' ');
      const got = readCard(g, line);
      const want = [...line].map((ch) => (ch === ' ' ? BLANK : asciiToBcd(ch)));
      expect(got.map((c) => c.toString(8)), `shift ${shift}`).toEqual(want.map((c) => c.toString(8)));
    }
  });

  it('reads columns 1, 36, 37 and 72 (the sign and low bits of the row words)', () => {
    const line = `A${' '.repeat(34)}Z9${' '.repeat(34)}/`;
    const got = readCard(g, line);
    expect(got[0]).toBe(asciiToBcd('A'));
    expect(got[35]).toBe(asciiToBcd('Z'));
    expect(got[36]).toBe(asciiToBcd('9'));
    expect(got[71]).toBe(asciiToBcd('/'));
    expect(got.filter((c) => c !== BLANK)).toHaveLength(4);
  });

  it('marks punches that are no 704 character (12-0, 11-0) as 77, and a blank card as blanks', () => {
    const card = blankCard();
    card[0] = ROW_12 | ROW_0;
    card[1] = ROW_11 | ROW_0;
    card[2] = ROW_0; // a lone 0 is the digit zero
    card[3] = ROW_0 | row(1); // 0-1 is /
    const got = readCard(g, card);
    expect(got.slice(0, 4)).toEqual([0o77, 0o77, 0, 0o61]);
    expect(readCard(g, '').every((c) => c === BLANK)).toBe(true);
  });

  it('takes the end-of-file return when the reader is out of cards', () => {
    g.m.reader.setEndOfFile(true);
    expect(g.call('RCARD', { returns: 2 }).ret).toBe(1);
    g.m.reader.setEndOfFile(false);
  });

  it('keeps XR1 and XR2', () => {
    g.m.reader.feed([textCard('11-15')]);
    g.m.cpu.xr1 = 0o123;
    g.m.cpu.xr2 = 0o456;
    g.call('RCARD', { returns: 2 });
    expect([g.m.cpu.xr1, g.m.cpu.xr2]).toEqual([0o123, 0o456]);
  });
});

describe('the printer routines', () => {
  const g = new Game704();
  g.call('WINIT');

  const setAc = (v: number): void => {
    g.m.cpu.acSign = v < 0 || Object.is(v, -0) ? 1 : 0;
    g.m.cpu.acMag = Math.abs(v);
  };
  const lastLine = (): string => g.m.printer.lines[g.m.printer.lines.length - 1]!;

  it('prints every character of the 704 set in every column it is put in', () => {
    for (const shift of [0, 30]) {
      const line = (' '.repeat(shift) + CHARSET + CHARSET).slice(0, 72);
      g.call('WCLR');
      [...line].forEach((ch, j) => g.poke('WLINE', ch === ' ' ? BLANK : asciiToBcd(ch), -j));
      g.call('WPRT');
      expect(lastLine()).toBe(line.trimEnd());
    }
  });

  it('builds a line from text, numbers and blanks, and clears it after printing', () => {
    g.call('WCLR');
    const text = g.sym('GTMOVE'); // BCD 'MOVE  '
    expect(g.call('WTXT', { params: [text + 5 * 2 ** 18] }).ret).toBe(2);
    setAc(1234);
    g.call('WNUM');
    setAc(3);
    g.call('WBLK');
    setAc(-56);
    g.call('WSNUM');
    setAc(0);
    g.call('WBLK');
    setAc(78);
    g.call('WSNUM');
    setAc(0);
    g.call('WSNUM');
    setAc(-9);
    g.call('WNUM');
    g.call('WPRT');
    expect(lastLine()).toBe('MOVE 1234   -56+78+0-9');
    g.call('WPRT');
    expect(lastLine()).toBe('');
  });

  it('drops characters past column 72', () => {
    g.call('WCLR');
    for (let i = 0; i < 8; i++) {
      setAc(1234567890);
      g.call('WNUM');
    }
    g.call('WPRT');
    expect(lastLine()).toBe('1234567890'.repeat(8).slice(0, 72));
  });
});
