// The FORTRAN II build's card tools and the fortran command's set-up, without the public sources:
// binary card kinds and patches, the listing split, the page alignment, punching source cards,
// Sim704 configurations, and the command's errors.

import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardType, checksum, cleanDeck, patchCard, removeTransferCard } from '../../src/fortran/binaryCards.ts';
import { sapSplit, type Piece } from '../../src/fortran/sapSplit.ts';
import { nameByAlignment } from '../../src/fortran/fort2Pages.ts';
import { runUasap } from '../../src/fortran/uasap.ts';
import { punchSource } from '../../src/fortran/compile.ts';
import { parseSim704Config } from '../../src/fortran/sim704Config.ts';
import { registerFortranCommands } from '../../src/fortran/cli.ts';
import { cardToWords } from '../../src/devices/cards.ts';
import { runCli } from '../cliCapture.ts';

const P36 = 2 ** 36;
/** An absolute card: 9L count and address, 9R checksum. */
const absCard = (address: number, words: number[]): number[] => {
  const card = [words.length * 2 ** 18 + address, 0, ...words, ...new Array(22 - words.length).fill(0)];
  card[1] = checksum(card);
  return card;
};

describe('binary cards', () => {
  it('tells absolute, transfer, relocatable and full cards apart', () => {
    expect(cardType(absCard(0o100, [1, 2, 3]))).toBe('A');
    expect(cardType(absCard(0o100, []))).toBe('T');
    const rel = absCard(0o100, [5]);
    rel[0] += 2 ** 34; // bit 1 of 9L: relocatable
    rel[1] = checksum(rel);
    expect(cardType(rel)).toBe('R');
    const bad = absCard(0o100, [1]);
    bad[2] = 7; // checksum no longer right
    expect(cardType(bad)).toBe('F');
  });

  it('patches a field and keeps a right checksum right', () => {
    const c = absCard(0o100, [0o123, 0o456]);
    const p = patchCard(c, '9LP=1');
    expect(Math.floor(p[0]! / 2 ** 33)).toBe(1);
    expect(p[1]).toBe(checksum(p));
    const q = patchCard(c, '8RA=01037');
    expect(q[3]! % 2 ** 15).toBe(0o1037);
    expect(() => patchCard(c, '9LP=10')).toThrow(/does not fit in 3 bits/);
    expect(() => patchCard(c, '13LA=1')).toThrow(/not ROW/);
  });

  it('takes the transfer card off a deck, and refuses one in the middle', () => {
    const deck = [absCard(0o100, [1]), absCard(0o101, [2]), absCard(0o100, [])];
    expect(removeTransferCard(deck, 'd')).toEqual(deck.slice(0, 2));
    expect(() => removeTransferCard([deck[2]!, deck[0]!], 'd')).toThrow(/card 2 follows the transfer card/);
  });

  it('cleans blank cards and cards whose 9L is all ones out of a deck', () => {
    const blank = new Array(24).fill(0);
    const ones = [P36 - 1, ...new Array(23).fill(0)];
    const a = absCard(0o100, [1]);
    expect(cleanDeck([blank, a, ones])).toEqual([a]);
  });
});

describe('splitting a deck by its listing', () => {
  const source = [
    '       ORG 100',
    ' A     CLA B',
    '       HTR A',
    ' B     DEC 5',
    '       ORG 200',
    ' C     TRA A',
    '       END C',
  ].join('\n');

  it('gives one piece per origin, named by the listing line where it starts', () => {
    const run = runUasap({ name: 't.sap', text: source });
    const pieces = sapSplit(run.listing, run.deck, 't.lst');
    const orgLines = run.listing.flatMap((l, i) => (l.slice(37, 40) === 'ORG' ? [i + 1] : []));
    expect(pieces.map((p) => p.name)).toEqual([`Line${orgLines[0]}_A`, `Line${orgLines[1]}_AT`]);
    expect(pieces.flatMap((p) => p.cards)).toEqual(run.deck);
  });

  it('uses the page marks of a listing that has them', () => {
    const run = runUasap({ name: 't.sap', text: source });
    const marked = run.listing.map((l, i) => (i === 0 ? `${l.padEnd(120)}Page 7` : l));
    expect(sapSplit(marked, run.deck, 't.lst')[0]!.name).toMatch(/^Page7Line\d+_A$/);
  });

  it('stops when the deck does not hold the listing\'s words', () => {
    const run = runUasap({ name: 't.sap', text: source });
    const deck = run.deck.map((c) => [...c]);
    deck[0]![2] = 0o777; // the first word
    deck[0]![1] = checksum(deck[0]!);
    expect(() => sapSplit(run.listing, deck, 't.lst')).toThrow(/t\.lst line \d+: the listing has 00144 .*, the deck 00144 000000000777/);
  });
});

describe('naming pieces without the page-marked listing', () => {
  const piece = (name: string, words: number[] = [1, 2, 3], at = 0o100): Piece => ({ name, cards: [absCard(at, words)] });

  it('leaves out the master-record control cards and keeps lines apart on a page as ours are', () => {
    const ours = [piece('Line3_A'), piece('Line10_A', [0, 0], 0), piece('Line20_A'), piece('Line24_A'), piece('Line90_A')];
    // Page 2 lines 5 and 9 are 4 lines apart: our 20 and 24, not 24 and 90
    const named = nameByAlignment(ours, ['Page1Line3_A', 'Page2Line5_A', 'Page2Line9_A']);
    expect(named.map((p) => p.name)).toEqual(['Page1Line3_A', 'Page2Line5_A', 'Page2Line9_A']);
    expect(named.map((p) => p.cards)).toEqual([ours[0]!.cards, ours[2]!.cards, ours[3]!.cards]);
  });

  it('says so when the names cannot be met', () => {
    expect(() => nameByAlignment([piece('Line3_A')], ['Page1Line3_AT'])).toThrow(/do not line up/);
    expect(() => nameByAlignment([], ['Page1Line3_A'])).toThrow(/gives 0 pieces, the build scripts name 1/);
  });
});

describe('punching FORTRAN source', () => {
  it('punches upper case, expands tabs to every 8th column, and names a bad character', () => {
    const [card] = punchSource('\ta=b+1.\n', 'p.f');
    const again = punchSource('        A=B+1.\n', 'p.f');
    expect(cardToWords(card!)).toEqual(cardToWords(again[0]!));
    expect(() => punchSource('      A=1.\n      B=2.; C=3.\n', 'p.f')).toThrow(/p\.f:2:11: ';' has no 026 punch code/);
  });
});

describe('Sim704 configurations', () => {
  it('reads tapes, drums, devices, core, switches, boot and halts', () => {
    const c = parseSim704Config(`<Config704><MT><string>F2_8k.tap</string><string>Mt2.tap</string></MT>
      <DR><string>Drm1.drm</string></DR><CRD>SourceDeck.cbn</CRD><CPU>Punched.cbn</CPU><LP>LP.txt</LP>
      <Switch><boolean>false</boolean><boolean>true</boolean></Switch><MemSize>8</MemSize><boot>MT</boot><ExitOnHalt>2</ExitOnHalt></Config704>`, 'F2.xml');
    expect(c).toEqual({ tapes: ['F2_8k.tap', 'Mt2.tap'], drums: ['Drm1.drm'], reader: 'SourceDeck.cbn', punch: 'Punched.cbn', printer: 'LP.txt', coreWords: 8192, boot: 'MT', switches: [false, true], exitOnHalt: 2 });
    expect(() => parseSim704Config('<MemSize>16</MemSize>', 'x.xml')).toThrow(/x\.xml: MemSize 16/);
  });
});

describe('samuel704 fortran', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fortran-cli-'));
  const program = join(dir, 'p.f');
  writeFileSync(program, '      STOP\n');

  it('names a missing system tape and a missing program', async () => {
    const noTape = await runCli(registerFortranCommands, ['fortran', program, '--tape', join(dir, 'none.tap')]);
    expect(noTape.code).toBe(1);
    expect(noTape.err).toMatch(/none\.tap: no such system tape \(samuel704 fortran-build makes one; --tape names another\)/);
    writeFileSync(join(dir, 't.tap'), '');
    const noProgram = await runCli(registerFortranCommands, ['fortran', join(dir, 'q.f'), '--tape', join(dir, 't.tap')]);
    expect(noProgram.err).toMatch(/q\.f: cannot read the FORTRAN source/);
    const core = await runCli(registerFortranCommands, ['fortran', program, '--tape', join(dir, 't.tap'), '--core', '32k']);
    expect(core.err).toMatch(/--core: "32k" is not 4k or 8k/);
  });

  it('fortran-build names a folder without Mkf2', async () => {
    const r = await runCli(registerFortranCommands, ['fortran-build', dir]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/no MKFORT2 folder; name the folder holding rhobbie\/Mkf2/);
  });
});

