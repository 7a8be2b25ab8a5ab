// A memory on several reels (docs/checkers-rote.md "A memory on several reels"): a folder holding
// the reels' images and a manifest, reels.json, that names them in order with the reels' length.
// The 704 reads the reels on a pair of units (rote.sap KRNX: 1 and 7) and its merges write a new
// memory reel by reel (on 2 and 8, or 5 and 9), going on to the other unit when the tape passes its
// end-of-tape marker (ETT); a reel not on its unit is mounted by the operator at the program's call
// (reelOperator.ts), so a set has any number of reels. The host mounts the set's reels read only
// and the scratch reels under new names in the folder; the swap is one rename of the manifest, so at every moment the
// manifest names either the old set or the new one, each whole. The old reels are removed only
// after that rename; files the manifest does not name are what a killed run left, and the next
// run recovers or removes them. One writer at a time: the callers lock FOLDER.lock (host/lock.ts).

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../devices/atomicFile.ts';
import { REEL_FEET, reelFrames, TapeUnit } from '../../devices/tape.ts';
import { readTapeFile, writeTapeFile, type TapeEntry } from '../../devices/tapeImage.ts';
import { imageDigest, type PendingSwap, type TapeSet, type TapeSwap } from '../../host/tapePair.ts';
import type { Io } from '../../machine/io.ts';
import { decodeMemorySet, MERGE_COMPLETE, ONE_REEL_IMAGE, type MemoryTape } from './memoryTape.ts';
import { coreRack, operateReels, REEL_CHAINS, type Pair, type Rack, type ReelChange } from './reelOperator.ts';
import { makeFolder } from '../../host/makeFolder.ts';

export { REEL_CHAINS } from './reelOperator.ts';

/** What the host needs of the machine's I/O to mount a memory: the drives, and the operator's answers to its calls for reels. */
export type MemoryIo = Pick<Io, 'attachTape' | 'operator'>;

export const MANIFEST = 'reels.json';

export interface Manifest {
  /** Length of each reel, feet (the 727's 2,400 unless a test asks for short reels). */
  reelFeet: number;
  /** The reels' image files in the folder, in order. */
  reels: string[];
}

/** A folder (a memory set); anything else is a one-reel memory tape image. */
export const isMemorySet = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();

/** The set's manifest; a clear error naming the file when it is missing or malformed, or a reel is missing. */
export function readManifest(dir: string): Manifest {
  const file = join(dir, MANIFEST);
  if (!existsSync(file)) throw new Error(`${dir}: a folder but not a memory set (no ${MANIFEST}); make one with \`samuel704 tape set ${dir}\``);
  let m: Partial<Manifest>;
  try {
    m = JSON.parse(readFileSync(file, 'utf8')) as Partial<Manifest>;
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message}`);
  }
  if (typeof m.reelFeet !== 'number' || !(m.reelFeet > 0)) throw new Error(`${file}: reelFeet must be a positive number of feet`);
  if (!Array.isArray(m.reels) || m.reels.some((r) => typeof r !== 'string' || /[\\/]/.test(r))) throw new Error(`${file}: reels must be a list of file names in ${dir}`);
  for (const r of m.reels) if (!existsSync(join(dir, r))) throw new Error(`${file}: reel ${r} is missing`);
  return { reelFeet: m.reelFeet, reels: m.reels };
}

/** Make a memory set (a folder and its manifest) with reels of `reelFeet` feet: empty, or with `image` (a one-reel memory tape's entries) as its reel. */
export function createMemorySet(dir: string, reelFeet = REEL_FEET, image?: TapeEntry[]): void {
  if (existsSync(dir)) throw new Error(`${dir}: already exists`);
  makeFolder(dir);
  const reels = image ? [`new-${generation()}-1.tap`] : [];
  if (image) writeTapeFile(join(dir, reels[0]!), image, 'tap');
  writeFileAtomic(join(dir, MANIFEST), `${JSON.stringify({ reelFeet, reels }, null, 1)}\n`);
}

/** The memory a set holds, its reels decoded in order. */
export function readMemorySet(dir: string): MemoryTape {
  const m = readManifest(dir);
  return decodeMemorySet(m.reels.map((r) => readTapeFile(join(dir, r))));
}

/** The drives of pair 1 with a memory's first reels (`reels`, paths) read only, blank where it has fewer. */
function mountReels(io: MemoryIo, reels: readonly string[], capacityFrames: number, drives: Map<number, TapeUnit>): void {
  REEL_CHAINS[1].forEach((unit, i) => {
    const d = new TapeUnit(unit, { capacityFrames });
    if (reels[i]) d.attach(reels[i], { readOnly: true });
    else d.mount([], { readOnly: true });
    io.attachTape(unit, d);
    drives.set(unit, d);
  });
}

/** Reel r of pair 1 (the memory read at the start): the set's file, read only. */
const readOnlyReel = (reels: readonly string[], reel: number): ReturnType<Rack> => (reels[reel - 1] ? { path: reels[reel - 1]!, readOnly: true } : null);

/**
 * A memory (a set, or a one-reel tape image) read only on tape 1's pair, the merges' scratch
 * reels blank and in core, thrown away after the run (a match's players). The reel changes made are
 * appended to the list returned.
 */
export function mountMemoryReadOnly(io: MemoryIo, path: string): ReelChange[] {
  const set = isMemorySet(path) ? readManifest(path) : null;
  const reels = set ? set.reels.map((r) => join(path, r)) : [path];
  const capacityFrames = set ? reelFrames(set.reelFeet) : ONE_REEL_IMAGE;
  const drives = new Map<number, TapeUnit>();
  mountReels(io, reels, capacityFrames, drives);
  const scratch = new Map<number, TapeUnit>();
  for (const unit of [...REEL_CHAINS[2], ...REEL_CHAINS[5]]) {
    const d = new TapeUnit(unit, { capacityFrames });
    d.mount([]);
    io.attachTape(unit, d);
    scratch.set(unit, d);
    drives.set(unit, d);
  }
  const core = coreRack(scratch);
  return operateReels(io, drives, (pair, reel, write) => (pair === 1 ? readOnlyReel(reels, reel) : core(pair, reel, write)));
}

/** The digest a journal records for a set's reels. */
const setDigest = (paths: readonly string[]): string => createHash('sha256').update(paths.map(imageDigest).join('\n')).digest('hex');

/** A scratch reel's name: a run's generation (time, then pid: later runs sort after), the pair and the reel (`new-GEN-UNIT.tap` before sets had more than two). */
const SCRATCH = /^new-([0-9a-z]+)-(\d+)(?:-(\d+))?\.tap$/;
const generation = (): string => `${Date.now().toString(36).padStart(9, '0')}${process.pid.toString(36)}`;

interface SetChoice {
  reels: string[];
  tape: MemoryTape;
}

/** The complete memory written on pair `head`, its reels the files `name(reel)` in `dir`, or why not. */
function chainAt(dir: string, head: 2 | 5, name: (reel: number) => string): SetChoice | string {
  const reels: string[] = [];
  for (let reel = 1; existsSync(join(dir, name(reel))); reel++) {
    reels.push(name(reel));
    // a reel whose trailer says the memory goes on (MEMCON): the next; else all decoded once
    if (decodeMemorySet([readTapeFile(join(dir, name(reel)))]).problems.some((p) => p.includes('MEMCON'))) continue;
    const tape = decodeMemorySet(reels.map((r) => readTapeFile(join(dir, r))));
    return tape.complete ? { reels, tape } : `${reels.join(', ')}: not a complete memory${tape.problems.length ? `: ${tape.problems[0]}` : ''}`;
  }
  return reels.length ? `${reels.join(', ')}: the memory goes on past its last reel written` : `no reel written on tape ${head}`;
}

/** Put `choice` in place: the new manifest in one rename, then every other reel file goes. */
function commitSet(dir: string, manifest: Manifest, choice: SetChoice | null): void {
  if (choice) writeFileAtomic(join(dir, MANIFEST), `${JSON.stringify({ reelFeet: manifest.reelFeet, reels: choice.reels }, null, 1)}\n`);
  const keep = new Set(choice ? choice.reels : manifest.reels);
  for (const f of readdirSync(dir)) if (SCRATCH.test(f) && !keep.has(f)) rmSync(join(dir, f), { force: true });
}

const describe = (c: SetChoice): string => {
  const t = c.tape.trailer!;
  return `${t.boards} boards in ${t.records} records on ${c.reels.length} reel${c.reels.length > 1 ? 's' : ''} (merge ${t.merge})`;
};

/**
 * Mount a memory set: its first reels read only on the units of tape 1's pair (a blank reel where
 * it has fewer), the scratch pairs (2 8, 5 9) on new files in the folder, every unit a reel of the
 * set's length, and the operator ready to change reels at the program's call (the set's later
 * reels, the scratch reels written, fresh scratch reels). A complete new memory left by a killed
 * run is put in place first when `accept` takes its digest (the newest run's, the highest merge),
 * and removed with any other leftovers. `reelChanges` lists the changes made.
 */
export function attachMemorySet(io: MemoryIo, dir: string, accept: (digest: string) => boolean = () => true): TapeSet & { reelChanges: ReelChange[] } {
  let manifest = readManifest(dir);
  let recovered: string | null = null;
  let discarded: string | null = null;
  const left = readdirSync(dir).filter((f) => SCRATCH.test(f) && !manifest.reels.includes(f));
  if (left.length) {
    const gens = [...new Set(left.map((f) => SCRATCH.exec(f)![1]!))].sort().reverse();
    const found = gens.flatMap((g) => ([2, 5] as const).map((h) => chainAt(dir, h, (r) => `new-${g}-${h}-${r}.tap`))).filter((c): c is SetChoice => typeof c !== 'string');
    const best = found.sort((a, b) => b.tape.trailer!.merge - a.tape.trailer!.merge)[0];
    if (best && accept(setDigest(best.reels.map((r) => join(dir, r))))) {
      commitSet(dir, manifest, best);
      recovered = describe(best);
      manifest = readManifest(dir);
    } else {
      if (best) discarded = `${best.reels.join(', ')} (${describe(best)}), written by a run that was not recorded`;
      commitSet(dir, manifest, null);
    }
  }
  const capacityFrames = reelFrames(manifest.reelFeet);
  const originals = manifest.reels.map((r) => join(dir, r));
  const drives = new Map<number, TapeUnit>();
  mountReels(io, originals, capacityFrames, drives);
  const old = drives.get(REEL_CHAINS[1][0])!;
  const gen = generation();
  const reelName = (pair: Pair) => (reel: number): string => `new-${gen}-${pair}-${reel}.tap`;
  const scratch = ([2, 5] as const).flatMap((pair) => REEL_CHAINS[pair].map((unit, i) => {
    const d = new TapeUnit(unit, { capacityFrames });
    d.attach(join(dir, reelName(pair)(i + 1)), { format: 'tap' });
    io.attachTape(unit, d);
    drives.set(unit, d);
    return d;
  }));
  const reelChanges = operateReels(io, drives, (pair, reel, write) => {
    if (pair === 1) return readOnlyReel(originals, reel);
    const path = join(dir, reelName(pair)(reel));
    return write || existsSync(path) ? { path } : null;
  });
  const unload = (printerText: string): PendingSwap => {
    for (const d of drives.values()) d.detach();
    const last = [...printerText.matchAll(new RegExp(MERGE_COMPLETE.source, 'gm'))].pop();
    const outgrown = /^ROTE REEL \d+ FULL ON TAPE (\d+)$/m.exec(printerText); // KMRL: no unit follows (KRNX set to 0)
    let choice: SetChoice | string = outgrown ? `the new memory outgrew tape ${outgrown[1]}, and no unit follows it (rote.sap KRNX set to 0)` : 'no completed merge reported';
    if (last) {
      const head = Number(last[4]);
      choice = head === 2 || head === 5 ? chainAt(dir, head, reelName(head)) : `merge reported on tape ${head}, not a scratch tape`;
      if (typeof choice !== 'string' && choice.tape.trailer!.merge !== Number(last[1])) choice = `${choice.reels.join(', ')} holds merge ${choice.tape.trailer!.merge}, the printer says ${last[1]}`;
    }
    const chosen = typeof choice === 'string' ? null : choice;
    const commit = (): TapeSwap => {
      commitSet(dir, manifest, chosen);
      return chosen ? { installed: true, reason: describe(chosen) } : { installed: false, reason: choice as string };
    };
    return { path: chosen ? join(dir, MANIFEST) : null, reason: chosen ? describe(chosen) : (choice as string), digest: chosen ? setDigest(chosen.reels.map((r) => join(dir, r))) : null, commit };
  };
  return { old, scratch, recovered, discarded, unload, finish: (printerText) => unload(printerText).commit(), reelChanges };
}
