// The Score-Four program deck (asm/scorefour/main.sap and the files its `REM FILE` cards name,
// some of them shared in asm/lib/), assembled once per process with the card loader in front.

import { join } from 'node:path';
import { packageRoot } from '../../host/stateFolder.ts';
import { assemble, type AssembleResult } from '../../asm/assembler.ts';
import { readSources } from '../../asm/sources.ts';
import { wordsToCard, type Card, type DeckItem } from '../../devices/cards.ts';
import { Machine, type MachineOptions } from '../../machine/machine.ts';

export const SCOREFOUR_MAIN = join(packageRoot(), 'asm', 'scorefour', 'main.sap');

let cached: AssembleResult | null = null;

/** The assembly (core image, symbols, loader + program cards); throws with the diagnostics on error. */
export function scorefourAssembly(): AssembleResult {
  if (cached) return cached;
  const r = assemble(readSources([SCOREFOUR_MAIN]), { loader: true });
  if (r.errors.length > 0) {
    throw new Error(`the Score-Four program does not assemble:\n${r.errors.map((d) => `${d.file}:${d.line}: ${d.message}\n  ${d.text}`).join('\n')}`);
  }
  cached = r;
  return r;
}

export const scorefourDeck = (): Card[] => scorefourAssembly().cards.map(wordsToCard);

/** A machine with the program deck and then `cards` in the reader, LOAD CARDS pressed (see bootCheckers). */
export function bootScorefour(cards: readonly DeckItem[], endOfFile: boolean, options: MachineOptions = {}): Machine {
  const m = new Machine(options);
  m.reader.feed(scorefourDeck());
  m.reader.feed(cards);
  m.reader.setEndOfFile(endOfFile);
  m.loadCards();
  return m;
}
