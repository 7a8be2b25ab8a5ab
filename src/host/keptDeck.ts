// A game's assembled deck kept between runs (issue 16): assembling the checkers program took
// 0.3-0.7 s of every command that boots a game (`npm start`, play, reproduce, each tournament
// worker). The compiled command line keeps the assembler's output that booting needs, the card
// words and the core image's digest, in dist/decks/, made by the install step (`npm run build`)
// and again whenever the sources change. A kept deck is used only when it names the same source
// text and the same build of the assembler; anything else (another text, another build, a file
// that does not parse) is assembled anew, so a kept deck can be stale never, only missing.

import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Source } from '../asm/deck.ts';
import { writeFileAtomic } from '../devices/atomicFile.ts';
import { packageRoot } from './stateFolder.ts';
import { makeFolder } from './makeFolder.ts';

/** What booting needs of an assembly. */
export interface KeptDeck {
  /** The sources' text and the assembler's build, as deckKey makes it. */
  key: string;
  /** The bootable deck's cards (card loader, then the program), 24 row-binary words each. */
  cards: number[][];
  /** The core image's digest (ProgramDeck.digest). */
  digest: string;
}

/**
 * The key of a deck: the digest of its sources (names and text) and of the assembler build that
 * makes it (`build`: the modification time of the compiled assembler, rewritten by every build).
 */
export function deckKey(sources: readonly Source[], build: string): string {
  const h = createHash('sha256');
  for (const s of sources) h.update(`${s.name}\u0000${s.text}\u0000`);
  return `${h.digest('hex')}-${build}`;
}

/**
 * Where the compiled command line keeps decks and the build they belong to, or null when this
 * code is not compiled (vitest and tsx run src/: there the assembler being edited is the one that
 * runs, so every deck is assembled).
 */
export function deckFolder(): { dir: string; build: string } | null {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.js')) return null;
  const assembler = fileURLToPath(new URL('../asm/assembler.js', import.meta.url));
  return { dir: join(packageRoot(), 'dist', 'decks'), build: String(statSync(assembler).mtimeMs) };
}

/** The deck kept in `file` when its key is `key`, else null (none, another key, unreadable). */
export function readKeptDeck(file: string, key: string): KeptDeck | null {
  try {
    const d = JSON.parse(readFileSync(file, 'utf8')) as Partial<KeptDeck>;
    return d.key === key && Array.isArray(d.cards) && typeof d.digest === 'string' ? (d as KeptDeck) : null;
  } catch {
    return null;
  }
}

/**
 * Keep a deck (replaced atomically: runs at once, e.g. tournament workers, may write the same
 * file). A folder that cannot be written (a read-only installation) only costs the next run an
 * assembly, so the error is dropped.
 */
export function keepDeck(file: string, deck: KeptDeck): void {
  try {
    makeFolder(join(file, '..'));
    writeFileAtomic(file, JSON.stringify(deck));
  } catch {
    // not kept: assembled again next time
  }
}
