// The assembly steps of the FORTRAN II build: UA SAP 3 itself on our 704 when the user has its
// binary deck (UasapOn704), else our assembler, which gives the same listing, words and punched
// cards as UA SAP 3 (README; docs/fortran.md). What the build needs of a run is
// UA SAP's two outputs: the punched deck (with blank cards removed, as rhobbie's UASAP.cmd does)
// and the listing as UA SAP writes it on tape 2, one print record a line with its carriage
// control character first. The source program's own errors (FORTRAN II's listing has a few
// flagged cards) do not stop the assembly, as they did not stop UA SAP.

import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { assemble, type Source } from '../asm/assembler.ts';
import { renderLine } from '../asm/listing.ts';
import { cardToWords, DECK_EOF, wordsToCard, type Card as PunchCard } from '../devices/cards.ts';
import { bcdToAscii, packWord } from '../devices/codes.ts';
import { readTapeFile, recordToText, TAPE_MARK, wordsToRecord, writeTapeFile, type TapeRecord } from '../devices/tapeImage.ts';
import { cleanDeck, patchCard, type Card } from './binaryCards.ts';
import { runSim704 } from './sim704Config.ts';

export interface UasapRun {
  readonly deck: Card[];
  /** The print records: carriage control, then the line. */
  readonly listing: string[];
  /** Print lines flagged M (multiply defined) or U (undefined symbol). */
  readonly flagged: number;
}

/** Lines whose flag columns (2-6, after the carriage control) hold M or U. */
const flaggedLines = (listing: readonly string[]): number => listing.filter((l) => /[MU]/.test(l.slice(1, 6)) && /^.[RPMQUATD ]{5}/.test(l)).length;

export function runUasap(source: Source): UasapRun {
  const result = assemble([source], { loader: false });
  const listing = result.assemblies.flatMap((a) => a.lines.map((l) => `${l.carriage}${renderLine(l)}`));
  return { deck: cleanDeck(result.punch), listing, flagged: flaggedLines(listing) };
}

/**
 * UA SAP 3 itself, run on our 704 the way rhobbie's UASAP.cmd runs it under Sim704: the source on
 * tape 3 as BCD records of 84 characters with a tape mark after them, UA SAP's system tape on
 * tape 1, the listing written on tape 2, the deck on the punch, 8K core, LOAD CARDS with UA SAP's
 * tape loader card; the run ends when UA SAP reads the empty reader for the next source. UA SAP's
 * system tape is made first from its binary deck, split as MKUASAP.cmd splits the SHARE tape's
 * record: drum loader and drum control card (2 cards), the tape loader (1, its 8R decrement set to
 * tape 1), the tape control card (1, its 9L address set to tape 1), SAP SEARCH (1), sections 3
 * (17) and 4-7 (the rest); sections 3, the tape control card and 4-7 loaded from cards write the tape.
 */
export class UasapOn704 {
  private readonly loader: Card;
  private readonly tape: string;
  /** 704 cycles spent writing UA SAP's tape. */
  readonly tapeCycles: number;

  constructor(deck: readonly Card[], private readonly scratch: string) {
    if (deck.length < 23) throw new Error(`UA SAP's deck has ${deck.length} cards; its binary record has ${SECTION_3 + 6} or more`);
    this.loader = patchCard(deck[2]!, '8RD=221');
    const control = patchCard(deck[3]!, '9LA=221');
    this.tape = join(scratch, 'uasap.tap');
    const load = [...deck.slice(5, 5 + SECTION_3), control, ...deck.slice(5 + SECTION_3)];
    const run = runSim704({ tapes: ['uasap.tap'], drums: [], coreWords: 4096, boot: 'CRD', switches: [], exitOnHalt: 1 }, load.map((c) => wordsToCard(c)), (n) => join(scratch, n));
    if (!existsSync(this.tape)) throw new Error(`UA SAP's deck wrote no tape (${run.end})`);
    this.tapeCycles = run.cycles;
  }

  assemble(source: Source): UasapRun & { cycles: number } {
    const dir = this.scratch;
    for (const n of readdirSync(dir)) if (/^mt\d+\.tap$/.test(n)) rmSync(join(dir, n));
    copyFileSync(this.tape, join(dir, 'mt1.tap'));
    const lines = source.text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    writeTapeFile(join(dir, 'mt3.tap'), [...lines.map((l, i) => bcdRecord(`${source.name}:${i + 1}`, l)), TAPE_MARK], 'tap');
    const tapes = Array.from({ length: 10 }, (_, i) => `mt${i + 1}.tap`);
    const run = runSim704({ tapes, drums: [], coreWords: 8192, boot: 'CRD', switches: [], exitOnHalt: 1 }, [wordsToCard(this.loader)], (n) => join(dir, n));
    const listing = existsSync(join(dir, 'mt2.tap')) ? readTapeFile(join(dir, 'mt2.tap'), 'tap').flatMap((e) => (e.kind === 'mark' ? [] : [recordToText(e).trimEnd()])) : [];
    const deck = cleanDeck(run.machine.punch.deck().filter((c): c is PunchCard => c !== DECK_EOF).map(cardToWords));
    return { deck, listing, flagged: flaggedLines(listing), cycles: run.cycles };
  }
}

/** Sections 3's cards in UA SAP's binary record (MKUASAP.cmd: SplitDeck ... 17). */
const SECTION_3 = 17;

/** A source card as a BCD tape record: upper case, tabs to every 8th column, 80 columns and 4 blanks (WriteTape). */
function bcdRecord(where: string, text: string): TapeRecord {
  let line = '';
  for (const ch of text.replace(/\r$/, '').toUpperCase()) line += ch === '\t' ? ' '.repeat(8 - (line.length % 8)) : ch;
  const codes = [...line.padEnd(80).slice(0, 80).padEnd(84)].map((ch, i) => {
    const c = BCD_OF.get(ch);
    if (c === undefined) throw new Error(`${where}:${i + 1}: ${JSON.stringify(ch)} has no 704 BCD code`);
    return c;
  });
  const words: number[] = [];
  for (let i = 0; i < codes.length; i += 6) words.push(packWord(codes, i));
  return wordsToRecord(words, 'bcd');
}

/** Every glyph our printer shows for a BCD code, and `"` as Sim704's WriteTape codes it (77). */
const BCD_OF = new Map<string, number>([...Array.from({ length: 64 }, (_, c) => [bcdToAscii(c), c] as [string, number]), ['"', 0o77]]);
