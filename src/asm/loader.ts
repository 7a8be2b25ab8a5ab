// The self-loading loader put in front of every deck we punch: `asm/lib/loader.sap`, assembled
// by this assembler. It boots with LOAD CARDS (ibm704.md §7.1), reads UA SAP absolute cards,
// checks their sums and transfers at the transfer card. Card 1 runs in 0-23, the loader itself
// in the top 24 words of core, so programs must not load there.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assembleDeck } from './deck.ts';
import { packageRoot } from '../host/stateFolder.ts';

const LOADER_SOURCE = join(packageRoot(), 'asm', 'lib', 'loader.sap');
/** Where the loader lives while it loads (addresses wrap on smaller cores). */
export const LOADER_AREA: readonly [number, number] = [0o77750, 0o77777];

let cached: number[][] | undefined;

/** The loader's two FUL cards (24 words each). */
export function loaderCards(): number[][] {
  if (!cached) {
    const { assemblies, diagnostics } = assembleDeck([{ name: LOADER_SOURCE, text: readFileSync(LOADER_SOURCE, 'utf8') }]);
    const bad = diagnostics.filter((d) => d.severity === 'error');
    if (bad.length > 0 || assemblies.length !== 1) throw new Error(`${LOADER_SOURCE} does not assemble: ${bad.map((d) => d.message).join('; ')}`);
    cached = assemblies[0]!.punch.filter((c) => c.kind === 'ful').map((c) => [...c.words]);
  }
  return cached.map((c) => [...c]);
}
