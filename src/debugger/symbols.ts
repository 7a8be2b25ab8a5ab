// The debugger's view of an assembly: symbol names and values, and where each loaded word came
// from. It reads the JSON map `asm --symbols` writes (asm/output.ts) or an assembly made in the
// session; names are looked up case-insensitively, as SAP symbols are upper case.

import type { AssembleResult } from '../asm/assembler.ts';
import { symbolMap, type SymbolMap } from '../asm/output.ts';
import { displayKey } from '../asm/symbols.ts';

export interface SourceLine {
  readonly file: string;
  readonly line: number;
}

export class Symbols {
  private readonly byName = new Map<string, { name: string; value: number }>();
  /** Address → the name shown for it: a label defined there, else the first alphabetically. */
  private readonly byValue = new Map<number, string>();
  private readonly lines = new Map<number, SourceLine>();
  /** Addresses that have a name and a loaded word, ascending: the bases of `LOOP+3`. */
  private readonly bases: number[];

  /** `labels`: names defined in the location field of a card, preferred over EQU names for the same address. */
  constructor(map: SymbolMap = { symbols: {}, lines: {} }, labels: ReadonlySet<string> = new Set()) {
    const byLabel = (a: string, b: string): number => Number(labels.has(b)) - Number(labels.has(a)) || (a < b ? -1 : 1);
    for (const [name, octal] of Object.entries(map.symbols).sort(([a], [b]) => byLabel(a, b))) {
      const value = parseInt(octal, 8);
      this.byName.set(name.toUpperCase(), { name, value });
      if (!this.byValue.has(value)) this.byValue.set(value, name);
    }
    for (const [octal, where] of Object.entries(map.lines)) this.lines.set(parseInt(octal, 8), where);
    // Without source lines every value could be an address; with them, EQU'd counts like
    // PLYK = 16 do not name the words near 00020.
    this.bases = [...this.byValue.keys()].filter((v) => this.lines.size === 0 || this.lines.has(v)).sort((a, b) => a - b);
  }

  static fromAssembly(result: AssembleResult): Symbols {
    const labels = new Set<string>();
    for (const a of result.assemblies) for (const e of a.symbols.entries()) if (e.source === 'label') labels.add(displayKey(e.key));
    return new Symbols(symbolMap(result), labels);
  }

  get size(): number {
    return this.byName.size;
  }

  value(name: string): number | undefined {
    return this.byName.get(name.toUpperCase())?.value;
  }

  /** The name of exactly this address, if any. */
  nameAt(address: number): string | undefined {
    return this.byValue.get(address);
  }

  /** The address's own name, else `LOOP+3` for the nearest named word below (within 64 words). */
  describe(address: number): string | undefined {
    const own = this.byValue.get(address);
    if (own !== undefined) return own;
    let lo = 0, hi = this.bases.length - 1, best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.bases[mid]! <= address) { best = mid; lo = mid + 1; } else hi = mid - 1;
    }
    if (best < 0) return undefined;
    const base = this.bases[best]!;
    if (address - base >= 64) return undefined;
    const name = this.byValue.get(base)!;
    return `${name}+${(address - base).toString(8)}`;
  }

  lineAt(address: number): SourceLine | undefined {
    return this.lines.get(address);
  }

  /** Every name as written in the assembly, for completion and suggestions. */
  names(): string[] {
    return [...this.byName.values()].map((s) => s.name);
  }
}
