// Two memories made one by the 704 (`*ROTE JOIN`, docs/checkers-rote.md "Two reels"): the memory
// on tape 1 and another on tape 6 (a set's reels one after another on 6, the operator changing
// them: reelOperator.ts), merged record by record onto a scratch tape, which then replaces the
// memory in one rename. The host mounts, runs and swaps; the merging is the 704's.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TapeUnit } from '../../devices/tape.ts';
import { CheckersSession } from '../program/session.ts';
import { attachMemoryTapes, MEMORY_TAPE } from './memoryTape.ts';
import { isMemorySet, readManifest } from './memorySet.ts';
import { operateReels } from './reelOperator.ts';
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
  if (!isMemorySet(other)) checkTapeKind(other, MEMORY_TAPE); // the memory itself is checked by attachMemoryTapes
  const lock = takeLock(`${memory}.lock`, `memory tape ${memory}`);
  try {
    const session = new CheckersSession(['*ROTE ON', '*ROTE JOIN', '*ROTE OFF'], true);
    const tapes = attachMemoryTapes(session.machine.io, memory);
    const reels = isMemorySet(other) ? readManifest(other).reels.map((r) => join(other, r)) : [other];
    const second = new TapeUnit(6);
    second.attach(reels[0]!, { readOnly: true });
    session.machine.io.attachTape(6, second);
    operateReels(session.machine.io, new Map([[6, second]]), (pair, reel) => (pair === 6 && reels[reel - 1] ? { path: reels[reel - 1]!, readOnly: true } : null));
    const r = await session.run();
    if (r.stop === 'error') throw new Error(`the 704 stopped joining ${other} into ${memory}: ${r.message}`);
    second.detach();
    const swap = tapes.finish(session.machine.printer.lines.join('\n'));
    return { installed: swap.installed, reason: swap.reason, seconds: session.seconds };
  } finally {
    lock.release();
  }
}
