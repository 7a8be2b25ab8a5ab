// The assembler's public entry: SAP sources in, everything the tools need out — the words by
// loading address, the start address, the listing, the symbols, the diagnostics, UA SAP's punched
// cards and a deck that boots on any 704 (our loader in front of those cards).

import { assembleDeck, listingText, type Assembly, type AssemblyOptions, type Source } from './deck.ts';
import type { Diagnostic } from './diagnostics.ts';
import { LOADER_AREA, loaderCards } from './loader.ts';
import { displayKey } from './symbols.ts';

export type { Assembly, Source } from './deck.ts';
export type { Diagnostic } from './diagnostics.ts';
export { formatDiagnostic } from './diagnostics.ts';

export interface AssembleOptions extends AssemblyOptions {
  /** Put the self-loading loader in front of the cards (default true). */
  readonly loader?: boolean;
}

export interface AssembleResult {
  readonly assemblies: readonly Assembly[];
  /** Errors and warnings, in the order found. */
  readonly diagnostics: readonly Diagnostic[];
  readonly errors: readonly Diagnostic[];
  /** Every word by loading address (a later assembly's words replace an earlier one's). */
  readonly image: Map<number, number>;
  /** The last END operand given. */
  readonly start?: number;
  readonly listing: string;
  /** Symbol (as listed, `Q$X` under a heading) → value, over all assemblies. */
  readonly symbols: Map<string, number>;
  /** UA SAP's punch output: 24-word cards, 9L first. */
  readonly punch: number[][];
  /** The bootable deck: the loader's cards, then the punch output. */
  readonly cards: number[][];
}

export function assemble(sources: readonly Source[], options: AssembleOptions = {}): AssembleResult {
  const assembled = assembleDeck(sources, options);
  const diagnostics = [...assembled.diagnostics];
  const image = new Map<number, number>();
  const symbols = new Map<string, number>();
  let start: number | undefined;
  for (const a of assembled.assemblies) {
    for (const [addr, w] of a.image) image.set(addr, w);
    for (const s of a.symbols.entries()) symbols.set(displayKey(s.key), s.value);
    if (a.start !== undefined) start = a.start;
  }
  const punch = assembled.assemblies.flatMap((a) => a.punch.map((c) => [...c.words]));
  const withLoader = options.loader !== false;
  if (withLoader) {
    for (const a of assembled.assemblies) {
      const clash = [...a.sourceMap].find(([addr]) => addr >= LOADER_AREA[0] && addr <= LOADER_AREA[1]);
      if (clash) {
        const [addr, card] = clash;
        diagnostics.push({ file: card.file, line: card.line, column: 1, severity: 'warning', text: card.text,
          message: `this word loads at ${addr.toString(8).padStart(5, '0')}, inside the card loader (${LOADER_AREA.map((x) => x.toString(8)).join('-')}); the deck would not load` });
      }
    }
  }
  return {
    assemblies: assembled.assemblies,
    diagnostics,
    errors: diagnostics.filter((d) => d.severity === 'error'),
    image,
    ...(start === undefined ? {} : { start }),
    listing: listingText(assembled),
    symbols,
    punch,
    cards: withLoader ? [...loaderCards(), ...punch] : punch,
  };
}
