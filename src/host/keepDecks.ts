// Run by `npm run build` (and so by the install step) after compiling: every game's deck
// (asm/GAME/main.sap) assembled once and kept in dist/decks/ (keptDeck.ts), so that no command
// assembles at its first run. A program that does not assemble is reported and left out: the
// build and the install go on, and a command that boots it reports the same errors.

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ProgramDeck } from './programDeck.ts';
import { packageRoot } from './stateFolder.ts';

const asm = join(packageRoot(), 'asm');
for (const game of readdirSync(asm)) {
  const main = join(asm, game, 'main.sap');
  try {
    if (existsSync(main)) new ProgramDeck(`the ${game} program`, main).cards();
  } catch (e) {
    process.stderr.write(`samuel704 build: ${(e as Error).message}\n`);
  }
}
