// The two passes over a deck of SAP cards (assembler.ts is the public entry). Several source
// files make one deck, read in order; a deck may hold several assemblies one after another, each
// ended by END, each with its own symbols (sap.md §5, §8). FIN ends the input. WST/RST/AST
// tables are shared by the deck.

import { readCards, type Card } from './card.ts';
import { Diagnostics, type Diagnostic } from './diagnostics.ts';
import { analysisLines, crossReference, renderListing, type ListingLine } from './listing.ts';
import { firstPass, type SavedTables } from './pass1.ts';
import { secondPass, type SecondPassOptions } from './pass2.ts';
import type { PunchedCard } from './punch.ts';
import type { SymbolTable } from './symbols.ts';

export interface Source {
  readonly name: string;
  readonly text: string;
}

export type AssemblyOptions = SecondPassOptions;

export interface Assembly {
  /** Its cards; a FIN read where an assembly would start makes one of only that card. */
  readonly cards: readonly Card[];
  readonly symbols: SymbolTable;
  /** Symbols the second pass met undefined: their DEF value, or undefined. */
  readonly undefinedSymbols: ReadonlyMap<string, number | undefined>;
  /** The END operand, when given and defined. */
  readonly start?: number;
  /** Cards as UA SAP punches them (ABS/FUL/REL and transfer cards). */
  readonly punch: readonly PunchedCard[];
  /** Words by loading address. */
  readonly image: ReadonlyMap<number, number>;
  /** Loading address → the card that made the word. */
  readonly sourceMap: ReadonlyMap<number, Card>;
  readonly lines: readonly ListingLine[];
}

export interface Assembled {
  readonly assemblies: readonly Assembly[];
  readonly diagnostics: readonly Diagnostic[];
}

const isBlank = (c: Card): boolean => c.cols.trim() === '';

export function assembleDeck(sources: readonly Source[], options: AssemblyOptions = {}): Assembled {
  const diags = new Diagnostics();
  const cards = sources.flatMap((s) => readCards(s.name, s.text, diags));
  const tables: SavedTables = new Map();
  const assemblies: Assembly[] = [];
  let i = 0;
  // Blank cards after the last END start no assembly (UA SAP would just run out of input).
  let end = cards.length;
  while (end > 0 && isBlank(cards[end - 1]!)) end--;
  while (i < end) {
    const first = firstPass(cards, i, tables, diags);
    const own = cards.slice(i, first.end);
    if (first.stop !== 'end' && own.some((c) => c.op !== 'FIN' && !isBlank(c))) {
      const last = own[own.length - 1]!;
      diags.error(last, 8, first.stop === 'fin' ? 'FIN before the END of this assembly' : 'the input ends without an END card');
    }
    if (own.some((c) => c.op !== 'FIN')) {
      const second = secondPass(cards, i, first, diags, options);
      const lines = [...first.lines, ...second.lines];
      const a = { cards: own, lines, symbols: first.symbols, undefinedSymbols: second.undefinedSymbols, collated: second.collated };
      assemblies.push({
        ...a,
        lines: [...lines, ...analysisLines(a)],
        ...(second.start === undefined ? {} : { start: second.start }),
        punch: second.punch.cards,
        image: second.punch.image,
        sourceMap: second.sourceMap,
      });
    } else {
      assemblies.push({ cards: own, lines: first.lines, symbols: first.symbols, undefinedSymbols: new Map(), punch: [], image: new Map(), sourceMap: new Map() });
    }
    i = first.end;
    if (first.stop !== 'end') break;
  }
  return { assemblies, diagnostics: diags.list };
}

/** The listing of every assembly, each followed by its symbol lists. */
export function listingText(assembled: Assembled): string {
  // concatenated, not spread into push: a listing may have more lines than a call has arguments
  return assembled.assemblies.flatMap((a, k) => [...renderListing(a.lines, k === 0), ...crossReference(a.symbols)]).join('\n') + '\n';
}
