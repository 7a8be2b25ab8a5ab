// Kept decks (host/keptDeck.ts, issue 16): a deck assembled once is booted from the kept card
// words in a later process, the same cards and digest; a change to the text of a source, another
// build of the assembler or a damaged file makes it assemble again, never boot a stale deck.

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardToWords } from '../../src/devices/cards.ts';
import { ProgramDeck } from '../../src/host/programDeck.ts';

/** A two-file program in a folder of its own, built as the games' decks are (main.sap names its parts). */
function program(value: number): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'kept-deck-')), 'game');
  mkdirSync(dir);
  writeFileSync(join(dir, 'main.sap'), '       REM FILE PART.SAP\n       REM ---- THE FILES GO HERE ----\n       END START\n');
  writeFileSync(join(dir, 'part.sap'), `       ORG 100\nSTART  CLA K\n       HTR START\nK      DEC ${value}\n`);
  return join(dir, 'main.sap');
}

const words = (d: ProgramDeck): number[][] => d.cards().map(cardToWords);

describe('ProgramDeck kept between runs', () => {
  it('a second deck of the same sources boots from the kept cards: same cards and digest, nothing assembled', () => {
    const main = program(7);
    const keep = { dir: mkdtempSync(join(tmpdir(), 'decks-')), build: '1' };
    const first = new ProgramDeck('the test program', main, keep);
    expect(first.wasKept).toBe(false);
    expect(JSON.parse(readFileSync(join(keep.dir, 'game.json'), 'utf8')).digest).toBe(first.digest());
    const second = new ProgramDeck('the test program', main, keep);
    expect(second.wasKept).toBe(true);
    expect(words(second)).toEqual(words(first));
    expect(second.digest()).toBe(first.digest());
    expect(new ProgramDeck('the test program', main, null).digest()).toBe(first.digest()); // assembled in the process: the same
    // booted from kept cards, the program runs as assembled
    const m = second.boot([], true);
    expect(m.run(100_000).reason).toBe('halt');
    expect(m.cpu.acMag).toBe(7);
  });

  it('another source text, another assembler build or a damaged file: assembled again', () => {
    const main = program(7);
    const keep = { dir: mkdtempSync(join(tmpdir(), 'decks-')), build: '1' };
    const seven = new ProgramDeck('the test program', main, keep);
    const before = seven.digest();
    writeFileSync(join(main, '..', 'part.sap'), '       ORG 100\nSTART  CLA K\n       HTR START\nK      DEC 8\n');
    const eight = new ProgramDeck('the test program', main, keep);
    expect(eight.wasKept).toBe(false);
    expect(eight.digest()).not.toBe(before);
    const m = eight.boot([], true);
    m.run(100_000);
    expect(m.cpu.acMag).toBe(8);
    expect(new ProgramDeck('the test program', main, { ...keep, build: '2' }).wasKept).toBe(false);
    writeFileSync(join(keep.dir, 'game.json'), '{"key": "tr');
    expect(new ProgramDeck('the test program', main, keep).wasKept).toBe(false);
    expect(new ProgramDeck('the test program', main, keep).wasKept).toBe(true); // the damaged file was replaced
  });

  it('a program that does not assemble is refused with its file and line', () => {
    const main = program(7);
    writeFileSync(join(main, '..', 'part.sap'), '       ORG 100\nSTART  CLA NOWHERE\n');
    expect(() => new ProgramDeck('the test program', main, null).cards()).toThrow(/the test program does not assemble:\n.*part\.sap:2:/);
  });
});
