// The operator changing reels at the program's call (rote.sap KMNT; docs/checkers-rote.md "Changing
// reels"). A memory's reels alternate on a pair of units (1 and 7, 2 and 8, 5 and 9; *ROTE JOIN's
// other memory all on 6), odd reels on the first. When the program wants a reel that is not on its
// unit it prints `ROTE MOUNT REEL r ON TAPE u` (or `ROTE MOUNT SCRATCH REEL r ON TAPE u`, to write
// reel r of a new memory) and stops at HPR 727 (728), the unit in the AC and the reel in the MQ.
// The host plays the operator of a 704 installation: it unloads the reel on that unit (a written
// one is kept: saved to its file), mounts the one asked for at its load point, and presses START.
// A rack says where each pair's reels are kept: files (a memory set) or entries in core.

import { existsSync, rmSync } from 'node:fs';
import { TapeUnit } from '../../devices/tape.ts';
import type { TapeEntry } from '../../devices/tapeImage.ts';
import type { Io } from '../../machine/io.ts';

/** rote.sap KMNT's stops: HPR 727 - mount reel MQ of the memory on tape AC; HPR 728 - a scratch reel there, to write reel MQ on. */
export const MOUNT_REEL = 727;
export const MOUNT_SCRATCH = 728;

/** The units a memory's reels alternate on, by the pair's first unit (rote.sap KRNX; KRMT: reel 1 on the first, 2 on the second at the start). */
export const REEL_CHAINS = { 1: [1, 7], 2: [2, 8], 5: [5, 9], 6: [6] } as const;
export type Pair = keyof typeof REEL_CHAINS;

/** The pair a unit belongs to. */
export function pairOf(unit: number): Pair {
  for (const [head, units] of Object.entries(REEL_CHAINS)) if ((units as readonly number[]).includes(unit)) return Number(head) as Pair;
  throw new Error(`tape ${unit} holds no memory's reels (rote.sap KRNX)`);
}

/** The unit reel `reel` (1 first) of a pair's memory goes on. */
export const unitOfReel = (pair: Pair, reel: number): number => REEL_CHAINS[pair][(reel - 1) % REEL_CHAINS[pair].length]!;

export interface ReelChange {
  unit: number;
  pair: Pair;
  reel: number;
  /** A blank reel to write `reel` of a new memory on, rather than that reel to read. */
  scratch: boolean;
}

/** Where a pair's reels are: reel r to read (null: the rack has none), or a blank one to write reel r on. */
export type Rack = (pair: Pair, reel: number, scratch: boolean) => { path: string; readOnly?: boolean } | { entries: TapeEntry[] } | null;

/**
 * Reels in core (a match's throwaway merges, the tests): those on `drives` at the start (reel 1 on a
 * pair's first unit, 2 on its second), then each reel as written.
 */
export function coreRack(drives: ReadonlyMap<number, TapeUnit>): Rack {
  const reels = new Map<string, TapeEntry[]>();
  for (const [unit, d] of drives) reels.set(`${pairOf(unit)}-${REEL_CHAINS[pairOf(unit)].indexOf(unit as never) + 1}`, d.entries as TapeEntry[]);
  return (pair, reel, scratch) => {
    const key = `${pair}-${reel}`;
    if (scratch) reels.set(key, []);
    const entries = reels.get(key);
    return entries ? { entries } : null;
  };
}

/**
 * Answer the program's calls for reels on `io`, mounting on `drives` (by unit) what `rack` gives;
 * a call for another unit goes to the answer registered before (a join's tape 6 beside the memory's).
 * The changes made are appended to the list returned, in order (how many a game cost).
 */
export function operateReels(io: Pick<Io, 'operator'>, drives: ReadonlyMap<number, TapeUnit>, rack: Rack): ReelChange[] {
  const changes: ReelChange[] = [];
  const answer = (scratch: boolean, before?: (console: { ac: number; mq: number }) => void) => ({ ac, mq }: { ac: number; mq: number }): void => {
    const unit = ac;
    const reel = mq;
    const drive = drives.get(unit);
    if (!drive && before) return before({ ac, mq });
    if (!drive) throw new Error(`the program asks for reel ${reel} on tape ${unit}, where no memory's reels are mounted`);
    const pair = pairOf(unit);
    const source = rack(pair, reel, scratch);
    if (!source) throw new Error(`the program asks for reel ${reel} of the memory on tapes ${REEL_CHAINS[pair].join(' and ')}, which has no such reel`);
    if ('entries' in source) drive.mount(source.entries);
    else {
      if (scratch && existsSync(source.path)) rmSync(source.path); // an older memory's reel of that number: the pair's memory before last
      drive.attach(source.path, { readOnly: source.readOnly ?? false, format: 'tap' });
    }
    changes.push({ unit, pair, reel, scratch });
  };
  io.operator.set(MOUNT_REEL, answer(false, io.operator.get(MOUNT_REEL)));
  io.operator.set(MOUNT_SCRATCH, answer(true, io.operator.get(MOUNT_SCRATCH)));
  return changes;
}
