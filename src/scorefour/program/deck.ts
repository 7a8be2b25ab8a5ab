// The Score-Four program deck (asm/scorefour/main.sap and the files its `REM FILE` cards name,
// some of them shared in asm/lib/), assembled once per process with the card loader in front.

import { join } from 'node:path';
import type { AssembleResult } from '../../asm/assembler.ts';
import type { Card, DeckItem } from '../../devices/cards.ts';
import type { Machine, MachineOptions } from '../../machine/machine.ts';
import { ProgramDeck } from '../../host/programDeck.ts';
import { packageRoot } from '../../host/stateFolder.ts';

export const SCOREFOUR_MAIN = join(packageRoot(), 'asm', 'scorefour', 'main.sap');

const DECK = new ProgramDeck('the Score-Four program', SCOREFOUR_MAIN);

/** The assembly (core image, symbols, loader + program cards); throws with the diagnostics on error. */
export const scorefourAssembly = (): AssembleResult => DECK.assembly();

export const scorefourDeck = (): Card[] => DECK.cards();

/** A machine with the program deck and then `cards` in the reader, LOAD CARDS pressed (ProgramDeck.boot). */
export const bootScorefour = (cards: readonly DeckItem[], endOfFile: boolean, options: MachineOptions = {}): Machine => DECK.boot(cards, endOfFile, options);
