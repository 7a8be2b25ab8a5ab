import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Printer as PrinterPort } from '../../src/machine/io.ts';
import { blankCard, cardToWords, textCard } from '../../src/devices/cards.ts';
import { row } from '../../src/devices/codes.ts';
import { Printer } from '../../src/devices/printer.ts';
import { END_OF_RECORD } from '../../src/devices/unit.ts';
import { listing, scratchDir } from './helpers.ts';

const WPR = 0o361;

/** WPR, the SPR impulses, then CPYs of the line's words; returns the CPY results. */
function printLine(p: Printer, text: string, impulses: number[] = [], address = WPR, extra: number[] = []): number[] {
  p.select(true, address, 0);
  for (const n of impulses) p.sense(n);
  return [...cardToWords(textCard(text)), ...extra].map((w) => p.write(w, 0));
}

function recorder(): { printer: Printer; calls: Array<[string, boolean]> } {
  const calls: Array<[string, boolean]> = [];
  return { printer: new Printer({ onLine: (t, r) => calls.push([t, r]) }), calls };
}

describe('716 printer', () => {
  it('prints 24 words as one line, decoded as a card, and answers a 25th with end of record', () => {
    const { printer, calls } = recorder();
    const port: PrinterPort = printer;
    expect(printLine(printer, 'HELLO, WORLD  1+1=2', [], WPR, [0])).toEqual([...new Array(24).fill(0), END_OF_RECORD]);
    expect(printer.lines).toEqual(['HELLO, WORLD  1+1=2']);
    expect(calls).toEqual([['HELLO, WORLD  1+1=2', false]]);
    expect(port.name).toBe('printer');
  });

  it('prints every standard character as itself and an impossible punch as {', () => {
    const p = new Printer();
    const all = "0123456789=''+ABCDEFGHI.)-JKLMNOPQR$* /STUVWXYZ,(";
    printLine(p, all);
    const card = blankCard();
    card[0] = row(1) | row(2);
    p.select(true, WPR, 0);
    for (const w of cardToWords(card)) p.write(w, 0);
    expect(p.lines).toEqual([all, '{']);
  });

  it('prints any punched column as 1 on unit 0362', () => {
    const p = new Printer();
    printLine(p, 'A1 .Z', [], 0o362);
    expect(p.lines).toEqual(['11 11']);
  });

  it('spaces as SPR 2-4 ask and skips to a new page on SPR 1', () => {
    const { printer, calls } = recorder();
    printLine(printer, 'ONE');
    printLine(printer, 'TWO', [2]);
    printLine(printer, 'THREE', [3]);
    printLine(printer, 'FOUR', [4]);
    printLine(printer, 'PAGE', [1]);
    expect(printer.lines).toEqual(['ONE', 'TWO', '', 'THREE', '', '', 'FOUR', '\fPAGE']);
    expect(calls.map(([t]) => t)).toEqual(printer.lines);
  });

  it('prints an SPR 9 pass on positions 73-120 of the line just printed', () => {
    const { printer, calls } = recorder();
    printLine(printer, 'LEFT');
    printLine(printer, `RIGHT${' '.repeat(43)}X`, [9]); // column 49 wraps onto position 1
    const merged = `XEFT${' '.repeat(68)}RIGHT`;
    expect(printer.lines).toEqual([merged]);
    expect(calls).toEqual([['LEFT', false], [merged, true]]);
  });

  it('prints a line cut short with the rows it got, and moves paper for impulses alone', () => {
    const p = new Printer();
    p.select(true, WPR, 0);
    const words = cardToWords(textCard('9 9'));
    p.write(words[0]!, 0);
    p.write(words[1]!, 0);
    p.select(true, WPR, 0);
    p.sense(1);
    p.disconnect(0);
    p.select(true, WPR, 0); // no words, no impulses: no paper moves
    p.disconnect(0);
    expect(p.lines).toEqual(['9 9', '\f']);
  });

  it('tells SPT about page overflow once, and forgets it at the next select', () => {
    const p = new Printer({ linesPerPage: 3 });
    for (const t of ['A', 'B', 'C']) printLine(p, t);
    expect(p.test()).toBe(false);
    printLine(p, 'D');
    expect(p.test()).toBe(true);
    expect(p.test()).toBe(false);
    printLine(p, 'E', [3]); // lines 2-3 of the new page
    expect(p.test()).toBe(false);
    printLine(p, 'F');
    p.select(true, WPR, 0);
    expect(p.test()).toBe(false);
    printLine(p, 'G', [1]); // top of form restarts the count
    printLine(p, 'H');
    printLine(p, 'I');
    expect(p.test()).toBe(false);
  });

  it('takes RPR (echo checking, printerEcho.test.ts) and refuses bad impulse numbers', () => {
    const p = new Printer();
    p.select(false, WPR, 0);
    expect(p.writesNext()).toBe(true);
    expect(() => p.sense(11)).toThrow('printer: SPR 11: impulses are 1-10');
  });

  describe('output file', () => {
    const dir = scratchDir();

    it('is written atomically on close, one text line per line of paper', () => {
      const path = join(dir, 'print.txt');
      const p = new Printer();
      p.attach(path);
      printLine(p, 'FIRST');
      printLine(p, 'SECOND', [3]);
      expect(listing(dir)).toEqual([]);
      p.close();
      expect(readFileSync(path, 'utf8')).toBe('FIRST\n\nSECOND\n');
      expect(listing(dir)).toEqual(['print.txt']);
    });
  });
});
