// The checkers program deck, built the way asm/checkers/main.sap says (SAP has no include card):
// main.sap's cards up to `REM ---- THE FILES GO HERE ----`, then the files named on its
// `REM FILE` cards in that order, then the rest of main.sap (the END card). Assembled with the
// card loader in front (kept between runs, host/keptDeck.ts); a Machine is booted from it with LOAD CARDS.

import { join } from 'node:path';
import type { AssembleResult } from '../../asm/assembler.ts';
import type { Card, DeckItem } from '../../devices/cards.ts';
import type { Machine, MachineOptions } from '../../machine/machine.ts';
import { ProgramDeck } from '../../host/programDeck.ts';
import { packageRoot } from '../../host/stateFolder.ts';

export const CHECKERS_DIR = join(packageRoot(), 'asm', 'checkers');

const DECK = new ProgramDeck('the checkers program', join(CHECKERS_DIR, 'main.sap'));

/** The sources in assembly order, as main.sap lists them. */
export const checkersSources = (): { name: string; text: string }[] => DECK.sources();

/** The assembly (core image, symbols, loader + program cards); throws with the diagnostics on error. */
export const checkersAssembly = (): AssembleResult => DECK.assembly();

/** The address of a symbol of the program (an error naming it when there is none). */
export function checkersSymbol(name: string): number {
  const v = checkersAssembly().symbols.get(name);
  if (v === undefined) throw new Error(`the checkers program has no symbol ${name}`);
  return v;
}

/** The core image's digest (ProgramDeck.digest), without assembling when the deck was kept. */
export const checkersDigest = (): string => DECK.digest();

/** The bootable deck: the card loader and the program. */
export const programDeck = (): Card[] => DECK.cards();

/** A machine with the program deck and then `cards` in the reader, LOAD CARDS pressed (ProgramDeck.boot). */
export const bootCheckers = (cards: readonly DeckItem[], endOfFile: boolean, options: MachineOptions = {}): Machine => DECK.boot(cards, endOfFile, options);
