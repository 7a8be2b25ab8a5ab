// A separate process for memoryset.test.ts: one rote session of the booted deck on the memory set
// DIR, killed mid-swap. `merging`: prints MERGING once the 704 writes the new memory's second reel
// (the parent then kills this process). `reel`: prints MERGING in the middle of the operator's
// change to the scratch reel for reel 3 (reel 1 unloaded and saved, the blank reel mounted) and
// waits there to be killed. `swap`: runs to the end, saves the new reels (unload) and kills itself
// before the manifest's rename (commit).

import { attachMemoryTapes } from '../../src/checkers/rote/memoryTape.ts';
import { MOUNT_SCRATCH } from '../../src/checkers/rote/reelOperator.ts';
import { checkersAssembly } from '../checkers/deck.ts';
import { bootRote } from '../checkers/roteharness.ts';

const [dir, mode, ...cards] = process.argv.slice(2) as [string, 'merging' | 'reel' | 'swap', ...string[]];
const sym = checkersAssembly().symbols;
const m = bootRote(cards);
const tapes = attachMemoryTapes(m.io, dir);
const second = tapes.scratch.filter((d) => d.number === 8 || d.number === 9);
const change = m.io.operator.get(MOUNT_SCRATCH)!;
if (mode === 'reel') m.io.operator.set(MOUNT_SCRATCH, (c) => {
  change(c);
  if (c.mq < 3) return;
  process.stdout.write('MERGING\n'); // a pipe: written before the wait
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5000); // the parent kills us here
});
const brk = (name: string, on: boolean): void => {
  m.cpu.breakpoints[sym.get(name)!] = on ? 1 : 0;
  m.cpu.updateDebug();
};
// merging: once the game is over (the merge of *ROTE OFF comes next; breakpoints slow the run, so
// none before), stop where a reel fills (KMRL), then at each record written (KMWB) till the second
// reel holds two
if (mode === 'merging') while (!m.printer.lines.some((l) => l.includes('GAME OVER')) && m.run(100_000).reason === 'limit');
if (mode === 'merging') brk('KMRL', true);
for (;;) {
  const stop = m.run(400_000_000);
  if (stop.reason !== 'breakpoint') break;
  if (m.cpu.ic === sym.get('KMRL')) {
    brk('KMRL', false);
    brk('KMWB', true);
  } else if (second.some((d) => d.entries.length >= 2)) {
    process.stdout.write('MERGING\n');
    await new Promise((r) => setTimeout(r, 5000)); // the parent kills us here
  }
}
tapes.unload(m.printer.lines.join('\n'));
process.stdout.write('SAVED\n');
process.kill(process.pid, 'SIGKILL'); // between the new reels and the manifest's rename
