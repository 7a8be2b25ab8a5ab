// Two memory tapes made one by the 704 (`*ROTE JOIN`, docs/checkers-rote.md "Two reels"): the
// memory on tape 1 and another on tape 6, merged record by record onto a scratch tape, which then
// replaces the memory in one rename. The host mounts, runs and swaps; the merging is the 704's.

import { existsSync } from 'node:fs';
import { TapeUnit } from '../../devices/tape.ts';
import { CheckersSession } from '../program/session.ts';
import { attachMemoryTapes, MEMORY_TAPE } from './memoryTape.ts';
import { checkTapeKind } from '../../host/tapeKind.ts';
import { takeLock } from '../../host/lock.ts';

export interface JoinResult {
  installed: boolean;
  reason: string;
  /** Emulated seconds the join took. */
  seconds: number;
}

/** Merge the memory tape `other` into `memory` (created if missing); `other` is only read. */
export async function joinMemoryTapes(memory: string, other: string): Promise<JoinResult> {
  if (!existsSync(other)) throw new Error(`${other}: no such memory tape`);
  checkTapeKind(other, MEMORY_TAPE); // the memory tape itself is checked by attachMemoryTapes
  const lock = takeLock(`${memory}.lock`, `memory tape ${memory}`);
  try {
    const session = new CheckersSession(['*ROTE ON', '*ROTE JOIN', '*ROTE OFF'], true);
    const tapes = attachMemoryTapes(session.machine.io, memory);
    const second = new TapeUnit(6);
    second.attach(other, { readOnly: true });
    session.machine.io.attachTape(6, second);
    const r = await session.run();
    if (r.stop === 'error') throw new Error(`the 704 stopped joining ${other} into ${memory}: ${r.message}`);
    second.detach();
    const swap = tapes.finish(session.machine.printer.lines.join('\n'));
    return { installed: swap.installed, reason: swap.reason, seconds: session.seconds };
  } finally {
    lock.release();
  }
}
