// UA SAP's symbols (sap.md §1, §5 HED) and the table that holds them.
//
// UA SAP keeps a symbol as six 6-bit characters, right-justified in a word with zero codes in
// front, so only the last six characters count and leading zeros vanish (`0X` is `X`). Under a
// heading (HED) the heading character fills the first position of every symbol of five or fewer
// characters; `Q$X` names X under heading Q and `$X` the unheaded X.

import { asciiToBcd } from '../devices/codes.ts';
import type { Position } from './diagnostics.ts';

/** Heading "none": UA SAP's zero heading code is the character 0. */
export const NO_HEADING = '0';

/** Table key of a symbol as written (`name`, no `$`) under heading `heading`. */
export function symbolKey(name: string, heading: string): string {
  const s = name.slice(-6).replace(/^0+/, '');
  return s.length === 6 ? s : heading + s.padStart(5, '0');
}

/** How a key is shown: `X`, `ABCDEF`, or `Q$X` for X under heading Q. */
export function displayKey(key: string): string {
  if (key[0] === NO_HEADING) return key.replace(/^0+/, '');
  const rest = key.slice(1).replace(/^0+/, '');
  return rest.length === 5 ? key : `${key[0]}$${rest}`;
}

export type SymbolSource = 'label' | 'equ' | 'syn' | 'table' | 'def';

export interface SymbolEntry {
  readonly key: string;
  /** Value of the first definition (15 bits) and whether it is relocatable (REL decks). */
  readonly value: number;
  readonly reloc: boolean;
  readonly source: SymbolSource;
  /** Every definition; more than one makes the symbol multiply defined (flag M). */
  readonly defs: Position[];
  /** Cards of the second pass that use the symbol (cross-reference). */
  readonly refs: Position[];
}

/** One definition as UA SAP's table holds it: the symbol word and its value. */
export interface Slot {
  readonly key: string;
  readonly value: number;
  readonly reloc: boolean;
}

/**
 * A key as the 36-bit word UA SAP compares, read as a signed number the way CAS and TLQ do
 * (a first character of code 40 or more sets the sign bit; -0 sorts below +0).
 */
function keyOrder(key: string): number {
  const w = [...key].reduce((v, ch) => v * 64 + (asciiToBcd(ch) & 0o77), 0);
  return w >= 2 ** 35 ? -(w - 2 ** 35) - 0.5 : w;
}

/** Definitions up to which a table with multiply defined symbols is sorted exactly as UA SAP does (at most ~8M comparisons). */
export const EXACT_SORT_LIMIT = 4000;

/** UA SAP's two-way bubble sort (END2), as SymbolTable.sort describes it. */
function bubbleSort(e: Slot[], order: (s: Slot) => number): void {
  const n = e.length;
  const swap = (i: number): void => { [e[i], e[i + 1]] = [e[i + 1]!, e[i]!]; };
  const ordered = (i: number): boolean => order(e[i]!) < order(e[i + 1]!);
  let bound = n; // a forward pass compares pairs (j-1, j) for j below this
  let first = 1; // where the forward pass starts (SORT1)
  for (;;) {
    let last = first; // SORT2: the last forward swap
    let j = first;
    do {
      if (!ordered(j - 1)) { swap(j - 1); last = j; }
      j++;
    } while (j < bound);
    if (last <= first) return;
    bound = last;
    const stop = first + 1; // the backward pass runs down to the old start
    for (j = last; j >= stop; j--) {
      if (!ordered(j - 2)) { swap(j - 2); first = j; }
    }
  }
}

export class SymbolTable {
  private readonly map = new Map<string, SymbolEntry>();
  /** UA SAP's table in core order: every definition, duplicates included. */
  private slots: Slot[] = [];

  define(key: string, value: number, reloc: boolean, source: SymbolSource, at: Position): SymbolEntry {
    this.slots.push({ key, value: value & 0x7fff, reloc });
    const old = this.map.get(key);
    if (old) {
      old.defs.push(at);
      return old;
    }
    const entry: SymbolEntry = { key, value: value & 0x7fff, reloc, source, defs: [at], refs: [] };
    this.map.set(key, entry);
    return entry;
  }

  get(key: string): SymbolEntry | undefined {
    return this.map.get(key);
  }

  /** Number of definitions in the table (UA SAP's DEF statistic). */
  get size(): number {
    return this.slots.length;
  }

  entries(): SymbolEntry[] {
    return [...this.map.values()];
  }

  /** The table in UA SAP's order (what WST writes). */
  table(): readonly Slot[] {
    return this.slots;
  }

  /**
   * UA SAP's sort (END2, run by WST and at END): a two-way bubble sort that also exchanges equal
   * neighbours and stops when a forward pass swaps nothing past its first pair. Only which of
   * several definitions of one symbol a search finds depends on these details: when every key is
   * distinct the sorted order is the only one, and a merge sort (n log n) gives it. With multiply
   * defined symbols (an error, flag M) the bubble sort itself runs, quadratic, up to
   * EXACT_SORT_LIMIT definitions; beyond that the merge sort keeps an error-laden deck fast, and the
   * listing may show another of the symbol's definitions than UA SAP would.
   */
  sort(): void {
    const e = this.slots;
    if (e.length <= 1) return;
    const order = new Map<string, number>();
    for (const s of e) if (!order.has(s.key)) order.set(s.key, keyOrder(s.key));
    if (order.size === e.length || e.length > EXACT_SORT_LIMIT) e.sort((a, b) => order.get(a.key)! - order.get(b.key)!);
    else bubbleSort(e, (s) => order.get(s.key)!);
  }

  /**
   * The definition UA SAP's binary search (SRCH of the second pass) finds: probe entry 0, then
   * halve steps of 2^(L-2), 2^(L-3), ... entries, L being the bit length of 2n-1.
   */
  find(key: string): Slot | undefined {
    const e = this.slots;
    const n = Math.max(1, e.length);
    const k = keyOrder(key);
    const at = (j: number): number => (e[j] ? keyOrder(e[j]!.key) : 0);
    if (k < at(0)) return undefined;
    if (k === at(0)) return e[0];
    let t = (2 * n - 1).toString(2).length;
    let j = 0;
    let up = true; // the last comparison found the symbol greater
    for (;;) {
      if (t === 1) return undefined;
      j += (up ? 1 : -1) * 2 ** (t - 2);
      if (j < n && k === at(j)) return e[j];
      up = j < n && k > at(j);
      t--;
    }
  }
}
