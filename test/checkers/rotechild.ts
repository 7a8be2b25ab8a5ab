// A separate process for rote-game.test.ts: one session of the booted deck with tape 1 = MEMORY
// (read only) and tape 2 = NEW, cards from the arguments. Prints MERGING once the machine is in
// the middle of writing tape 2 (the parent then kills this process), or DONE after the run and
// the host's swap.

import { attachMemoryTapes } from '../../src/checkers/rote/memoryTape.ts';
import { checkersAssembly } from './deck.ts';
import { bootRote } from './roteharness.ts';

const [memory, fresh, ...cards] = process.argv.slice(2) as [string, string, ...string[]];
const sym = checkersAssembly().symbols;
const kwb = sym.get('KMWB')!;
const kwend = sym.get('KMGEN')!;
const m = bootRote(cards);
const tapes = attachMemoryTapes(m.io, memory, fresh);
const t2 = tapes.scratch[0];
let said = false;
for (;;) {
  const stop = m.run(200);
  if (stop.reason === 'halt') break;
  if (!said && m.cpu.ic >= kwb && m.cpu.ic < kwend && t2.entries.length >= 2) {
    said = true;
    process.stdout.write('MERGING\n');
    await new Promise((r) => setTimeout(r, 5000)); // the parent kills us here
  }
}
const r = tapes.finish(m.printer.lines.join('\n'));
process.stdout.write(`DONE ${r.installed}\n`);
