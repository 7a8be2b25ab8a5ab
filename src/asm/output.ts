// Files the assembler writes: the deck as SIMH column binary (.cbn, through devices/cards.ts),
// the octal core image of `run --load` (machine/image.ts), and the JSON symbol map the debugger
// reads: symbol → octal value, and for every loaded word its source file and line.

import { formatAddr } from '../cpu/word.ts';
import { wordsToCard, writeDeckFile } from '../devices/cards.ts';
import { formatImage } from '../machine/image.ts';
import type { AssembleResult } from './assembler.ts';

export function writeCbn(path: string, cards: readonly number[][]): void {
  writeDeckFile(path, cards.map(wordsToCard), 'cbn');
}

/** The image file; the start address goes in a `# start` comment. */
export function imageText(result: AssembleResult, title: string): string {
  const header = [title, ...(result.start === undefined ? [] : [`start ${formatAddr(result.start)}`])].join('\n');
  return formatImage(result.image, header);
}

export interface SymbolMap {
  /** Symbol → 5-digit octal value. */
  readonly symbols: Record<string, string>;
  readonly start?: string;
  /** 5-digit octal loading address → where its word came from. */
  readonly lines: Record<string, { file: string; line: number }>;
}

export function symbolMap(result: AssembleResult): SymbolMap {
  const symbols: Record<string, string> = {};
  for (const [name, v] of [...result.symbols].sort(([a], [b]) => (a < b ? -1 : 1))) symbols[name] = formatAddr(v);
  const lines: Record<string, { file: string; line: number }> = {};
  for (const a of result.assemblies) {
    for (const [addr, card] of [...a.sourceMap].sort(([x], [y]) => x - y)) lines[formatAddr(addr)] = { file: card.file, line: card.line };
  }
  return { symbols, ...(result.start === undefined ? {} : { start: formatAddr(result.start) }), lines };
}
