// A separate process for memoryset.test.ts: one rote session of the booted deck on the memory set
// DIR, killed mid-swap. `merging`: prints MERGING when the 704 selects the new memory's second reel
// to write its second record, and waits there (the parent then kills this process). `reel`: prints
// MERGING in the middle of the operator's change to the scratch reel for reel 3 (reel 1 unloaded
// and saved, the blank reel mounted) and waits there. `swap`: runs to the end, saves the new reels
// (unload) and kills itself before the manifest's rename (commit).

import { attachMemoryTapes } from '../../src/checkers/rote/memoryTape.ts';
import { MOUNT_SCRATCH } from '../../src/checkers/rote/reelOperator.ts';
import { bootRote } from '../checkers/roteharness.ts';

const [dir, mode, ...cards] = process.argv.slice(2) as [string, 'merging' | 'reel' | 'swap', ...string[]];
const m = bootRote(cards);
const tapes = attachMemoryTapes(m.io, dir);
const second = tapes.scratch.filter((d) => d.number === 8 || d.number === 9);
const change = m.io.operator.get(MOUNT_SCRATCH)!;
/** Say `what` and wait there, the machine stopped in the middle of what it does: the parent kills us. */
const stay = (what: string): void => {
  process.stdout.write(`${what}\n`); // a pipe: written before the wait
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5000);
};
if (mode === 'reel') m.io.operator.set(MOUNT_SCRATCH, (c) => {
  change(c);
  if (c.mq >= 3) stay('MERGING');
});
// merging: when the 704 selects the second reel to write its second record, the first on it
if (mode === 'merging') for (const d of second) {
  const select = d.select.bind(d);
  d.select = (write, address, now) => {
    if (write && d.entries.length >= 1) stay('MERGING');
    select(write, address, now);
  };
}
m.run(400_000_000);
tapes.unload(m.printer.lines.join('\n'));
process.stdout.write('SAVED\n');
process.kill(process.pid, 'SIGKILL'); // between the new reels and the manifest's rename
