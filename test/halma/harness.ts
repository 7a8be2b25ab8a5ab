// The halma program (asm/halma/main.sap) for the tests: its routines called one at a time the 704
// way (call704.ts) on a position put on its board, and the whole deck run as a user runs it.

import { expect } from 'vitest';
import { assemble } from '../../src/asm/assembler.ts';
import { readSources } from '../../src/asm/sources.ts';
import { textCard, wordsToCard } from '../../src/devices/cards.ts';
import { Machine } from '../../src/machine/machine.ts';
import { Core704 } from '../checkers/call704.ts';
import type { HalmaPosition } from './reference.ts';

const program = assemble(readSources([new URL('../../asm/halma/main.sap', import.meta.url).pathname]), { loader: true });
if (program.errors.length) throw new Error(program.errors.map((e) => `${e.file}:${e.line}: ${e.message}`).join('\n'));

export class Halma704 extends Core704 {
  constructor() { super({ image: new Map(program.image), symbols: new Map(program.symbols) }); }
  cell(n: number, r: number, c: number): number { return (r + 1) * (n + 2) + c + 1; }
  load(p: HalmaPosition): void {
    expect(this.call('HSETUP', { ac: p.n, returns: 2 }).ret).toBe(2);
    for (let r = 0; r < p.n; r++) for (let c = 0; c < p.n; c++) this.poke('HBD', p.board[r]![c]!, -this.cell(p.n, r, c));
    this.poke('HSIDE', p.toMove);
  }
  moves(p: HalmaPosition): string[] {
    const top = this.sym('HLST') - 1;
    this.call('HGEN', { ac: top });
    const k = this.peek('HGN');
    const w = p.n + 2;
    const name = (cell: number): string => `${Math.floor(cell / w) - 1},${(cell % w) - 1}`;
    return [...Array(k).keys()].map((i) => { const v = this.m.cpu.mem[top - i]!; return `${name(Math.floor(v / 256))}>${name(v % 256)}`; }).sort();
  }
}

/** The deck booted with `cards` behind it, run to its stop; the printed lines. */
export function runDeck(cards: string[], eof: boolean, limit: number): string[] {
  const m = new Machine();
  m.reader.feed(program.cards.map(wordsToCard));
  m.reader.feed(cards.map((l) => textCard(l)));
  m.reader.setEndOfFile(eof);
  m.loadCards();
  m.run(limit);
  return m.printer.lines.map((l) => l.replace(/^\f/, '').trimEnd());
}
