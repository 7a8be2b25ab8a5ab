// The whole checkers program as one assembly, the way asm/checkers/main.sap says: main.sap's
// cards up to `REM ---- THE FILES GO HERE ----`, then the files named on its `REM FILE` cards in
// that order, then the rest of main.sap (the END card). Used by the game tests to assemble the
// program once, either as a core image with symbols (to call single routines) or as a bootable
// deck (loader + program) to run it the way a user does.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assemble, type AssembleResult } from '../../src/asm/assembler.ts';
import { textCard, wordsToCard, type Card } from '../../src/devices/cards.ts';
import { Machine } from '../../src/machine/machine.ts';
import { BY_MNEMONIC } from '../../src/cpu/opcodes.ts';
import { ASM_DIR } from './harness.ts';

const MARK = /^\s+REM ---- THE FILES GO HERE ----/;

/** The source list main.sap describes. */
export function checkersSources(): { name: string; text: string }[] {
  const main = readFileSync(join(ASM_DIR, 'main.sap'), 'utf8').split('\n');
  const at = main.findIndex((l) => MARK.test(l));
  if (at < 0) throw new Error('main.sap has no "REM ---- THE FILES GO HERE ----" card');
  const files = main.slice(0, at).map((l) => /^\s+REM FILE (\S+)/.exec(l)?.[1]).filter((f): f is string => !!f);
  return [
    { name: 'main.sap', text: main.slice(0, at + 1).join('\n') + '\n' },
    ...files.map((f) => ({ name: f.toLowerCase(), text: readFileSync(join(ASM_DIR, f.toLowerCase()), 'utf8') })),
    { name: 'main.sap(end)', text: main.slice(at + 1).join('\n') },
  ];
}

let cached: AssembleResult | null = null;

export function checkersAssembly(): AssembleResult {
  if (cached) return cached;
  const r = assemble(checkersSources(), { loader: true });
  if (r.errors.length > 0) {
    throw new Error(`assembly failed:\n${r.errors.map((d) => `${d.file}:${d.line}: ${d.message}\n  ${d.text}`).join('\n')}`);
  }
  cached = r;
  return r;
}

/** A machine booted from the deck (loader + program) with `lines` as text cards behind it. */
export function bootWith(lines: string[], eof = true): Machine {
  const r = checkersAssembly();
  const m = new Machine();
  m.reader.feed(r.cards.map(wordsToCard));
  m.reader.feed(lines.map((l) => textCard(l)));
  m.reader.setEndOfFile(eof);
  m.loadCards();
  return m;
}

export const cardOf = (line: string): Card => textCard(line);



const op = (mnemonic: string, address: number, tag = 0): number => BY_MNEMONIC.get(mnemonic)!.template + tag * 32768 + address;

/** The whole program's core image in a machine, for calling one routine at a time (TSX NAME,4). */
export class Game704 {
  readonly m = new Machine();
  readonly asm = checkersAssembly();
  readonly stub = 0o77000;

  constructor() {
    for (const [a, w] of this.asm.image) this.m.cpu.mem[a] = w;
  }

  sym(name: string): number {
    const v = this.asm.symbols.get(name);
    if (v === undefined) throw new Error(`symbol ${name} not defined`);
    return v;
  }

  /**
   * TSX name,4 then `extra` parameter words, then HTR. Returns where the routine came back:
   * 1 for the word after the TSX, 2 for the next, and so on.
   */
  call(name: string, extra: number[] = [], limit = 10_000_000): number {
    const cpu = this.m.cpu;
    cpu.mem[this.stub] = op('TSX', this.sym(name), 4);
    extra.forEach((w, i) => { cpu.mem[this.stub + 1 + i] = w; });
    for (let i = extra.length + 1; i < extra.length + 4; i++) cpu.mem[this.stub + i] = op('HTR', this.stub + i);
    cpu.ic = this.stub;
    const stop = this.m.run(limit);
    if (stop.reason !== 'halt') throw new Error(`${name}: ${stop.reason}: ${stop.message}`);
    return cpu.ic - this.stub;
  }

  word(name: string, offset = 0): number {
    return this.m.cpu.mem[this.sym(name) + offset]!;
  }

  setWord(name: string, value: number, offset = 0): void {
    this.m.cpu.mem[this.sym(name) + offset] = value;
  }
}
