// The program's other working modes on the host side (Samuel 1959, "Other modes of play";
// docs/checkers-game.md): a book deck written to tape 7 for `*BOOK TAPE`, the drums that hold
// the games of `*TABLE n`, and a typed move turned into the console's entry keys. The host only
// mounts, punches and presses keys: the 704 reads, checks and plays the moves.

import { Drum } from '../../devices/drum.ts';
import { TapeUnit } from '../../devices/tape.ts';
import { TAPE_MARK, textToRecord, type TapeEntry } from '../../devices/tapeImage.ts';
import type { Machine } from '../../machine/machine.ts';

/** The tape unit `*BOOK TAPE` reads (asm/checkers/game.sap, GRCARD). */
export const BOOK_TAPE_UNIT = 7;
/** The most tables `*TABLE n` keeps, one a drum of the 733 (GCTAB). */
export const MAX_TABLES = 8;

/** Card texts as the records of a BCD tape, one a card (72 columns at most), then a tape mark. */
export function bookTapeEntries(cards: readonly string[]): TapeEntry[] {
  return [...cards.map((c, i) => {
    if (c.length > 72) throw new Error(`book tape, card ${i + 1}: longer than 72 columns: ${c}`);
    return textToRecord(c.toUpperCase().padEnd(72));
  }), TAPE_MARK];
}

/** Mount `cards` as the book tape on unit 7 (in memory, read only). */
export function mountBookTape(machine: Machine, cards: readonly string[]): void {
  const unit = new TapeUnit(BOOK_TAPE_UNIT);
  unit.mount(bookTapeEntries(cards), { readOnly: true });
  machine.io.attachTape(BOOK_TAPE_UNIT, unit);
}

/** The 733 drum unit (eight logical drums, cleared) on which the tables' games wait. */
export function attachTableDrums(machine: Machine): void {
  const drum = new Drum();
  for (let n = 1; n <= MAX_TABLES; n++) machine.io.attachDrum(n, drum);
}

/**
 * A typed move for the entry keys: its from square and last square (the keys hold no whole
 * multiple-jump path; the program refuses the keys when two jumps share both). Null if `text`
 * is not a move written as squares joined by - or x.
 */
export function keysMove(text: string): { from: number; to: number } | null {
  if (!/^\d+(?:[-x]\d+)+$/i.test(text.trim())) return null;
  const squares = text.trim().split(/[-x]/i).map(Number);
  return { from: squares[0]!, to: squares[squares.length - 1]! };
}
