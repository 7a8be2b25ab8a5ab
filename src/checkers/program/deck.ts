// The checkers program deck, built the way asm/checkers/main.sap says (SAP has no include card):
// main.sap's cards up to `REM ---- THE FILES GO HERE ----`, then the files named on its
// `REM FILE` cards in that order, then the rest of main.sap (the END card). Assembled once per
// process with the card loader in front; a Machine is booted from it with LOAD CARDS.

import { join } from 'node:path';
import { assemble, type AssembleResult } from '../../asm/assembler.ts';
import { readSources } from '../../asm/sources.ts';
import { wordsToCard, type Card, type DeckItem } from '../../devices/cards.ts';
import { Machine, type MachineOptions } from '../../machine/machine.ts';
import { packageRoot } from '../../host/stateFolder.ts';

export const CHECKERS_DIR = join(packageRoot(), 'asm', 'checkers');

/** The sources in assembly order, as main.sap lists them. */
export const checkersSources = (dir = CHECKERS_DIR): { name: string; text: string }[] => readSources([join(dir, 'main.sap')]);

let cached: AssembleResult | null = null;

/** The assembly (core image, symbols, loader + program cards); throws with the diagnostics on error. */
export function checkersAssembly(): AssembleResult {
  if (cached) return cached;
  const r = assemble(checkersSources(), { loader: true });
  if (r.errors.length > 0) {
    throw new Error(`the checkers program does not assemble:\n${r.errors.map((d) => `${d.file}:${d.line}: ${d.message}\n  ${d.text}`).join('\n')}`);
  }
  cached = r;
  return r;
}

/** The bootable deck: the card loader and the program. */
export const programDeck = (): Card[] => checkersAssembly().cards.map(wordsToCard);

/**
 * A machine with the program deck and then `cards` in the reader, LOAD CARDS pressed. With
 * `endOfFile` off the run stops for input when the cards run out (a person's game); on, the
 * program sees the end of the cards.
 */
export function bootCheckers(cards: readonly DeckItem[], endOfFile: boolean, options: MachineOptions = {}): Machine {
  const m = new Machine(options);
  m.reader.feed(programDeck());
  m.reader.feed(cards);
  m.reader.setEndOfFile(endOfFile);
  m.loadCards();
  return m;
}
