// A memory on several reels (docs/checkers-rote.md "A memory on several reels"): a folder holding
// the reels' images and a manifest, reels.json, that names them in order with the reels' length.
// The 704 reads the reels along its chain of units (rote.sap KRNX: 1 then 7) and its merges write
// a new memory reel by reel (2 then 8, or 5 then 9), going on to the next unit when the tape passes
// its end-of-tape marker (ETT). The host mounts the set's reels read only and the scratch reels
// under new names in the folder; the swap is one rename of the manifest, so at every moment the
// manifest names either the old set or the new one, each whole. The old reels are removed only
// after that rename; files the manifest does not name are what a killed run left, and the next
// run recovers or removes them. One writer at a time: the callers lock FOLDER.lock (host/lock.ts).

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../devices/atomicFile.ts';
import { REEL_FEET, reelFrames, TapeUnit } from '../../devices/tape.ts';
import { readTapeFile, writeTapeFile, type TapeEntry } from '../../devices/tapeImage.ts';
import { imageDigest, type PendingSwap, type TapeSet, type TapeSwap } from '../../host/tapePair.ts';
import { decodeMemorySet, MERGE_COMPLETE, ONE_REEL_IMAGE, type MemoryTape } from './memoryTape.ts';

/** The units a memory's reels go on, in order, for the memory tape (1) and the merges' scratch tapes (2, 5): rote.sap KRNX. */
export const REEL_CHAINS = { 1: [1, 7], 2: [2, 8], 5: [5, 9] } as const;

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
  if (m.reels.length > REEL_CHAINS[1].length) throw new Error(`${file}: ${m.reels.length} reels, but the program reads at most ${REEL_CHAINS[1].length} (tapes ${REEL_CHAINS[1].join(' and ')})`);
  for (const r of m.reels) if (!existsSync(join(dir, r))) throw new Error(`${file}: reel ${r} is missing`);
  return { reelFeet: m.reelFeet, reels: m.reels };
}

/** Make a memory set (a folder and its manifest) with reels of `reelFeet` feet: empty, or with `image` (a one-reel memory tape's entries) as its reel. */
export function createMemorySet(dir: string, reelFeet = REEL_FEET, image?: TapeEntry[]): void {
  if (existsSync(dir)) throw new Error(`${dir}: already exists`);
  mkdirSync(dir, { recursive: true });
  const reels = image ? [`new-${generation()}-1.tap`] : [];
  if (image) writeTapeFile(join(dir, reels[0]!), image, 'tap');
  writeFileAtomic(join(dir, MANIFEST), `${JSON.stringify({ reelFeet, reels }, null, 1)}\n`);
}

/** The memory a set holds, its reels decoded in order. */
export function readMemorySet(dir: string): MemoryTape {
  const m = readManifest(dir);
  return decodeMemorySet(m.reels.map((r) => readTapeFile(join(dir, r))));
}

/**
 * A memory (a set, or a one-reel tape image) read only on tape 1's chain, the merges' scratch
 * reels blank and in core, thrown away after the run (a match's players).
 */
export function mountMemoryReadOnly(io: { attachTape(n: number, drive: TapeUnit): void }, path: string): void {
  const set = isMemorySet(path) ? readManifest(path) : null;
  const reels = set ? set.reels.map((r) => join(path, r)) : [path];
  const capacityFrames = set ? reelFrames(set.reelFeet) : ONE_REEL_IMAGE;
  REEL_CHAINS[1].forEach((unit, i) => {
    const d = new TapeUnit(unit, { capacityFrames });
    if (reels[i]) d.attach(reels[i], { readOnly: true });
    else d.mount([], { readOnly: true });
    io.attachTape(unit, d);
  });
  for (const unit of [...REEL_CHAINS[2], ...REEL_CHAINS[5]]) {
    const d = new TapeUnit(unit, { capacityFrames });
    d.mount([]);
    io.attachTape(unit, d);
  }
}

/** The digest a journal records for a set's reels. */
const setDigest = (paths: readonly string[]): string => createHash('sha256').update(paths.map(imageDigest).join('\n')).digest('hex');

/** A scratch reel's name: a run's generation (time, then pid: later runs sort after) and the unit. */
const SCRATCH = /^new-([0-9a-z]+)-(\d+)\.tap$/;
const generation = (): string => `${Date.now().toString(36).padStart(9, '0')}${process.pid.toString(36)}`;

interface SetChoice {
  reels: string[];
  tape: MemoryTape;
}

/** The complete memory on the chain from `head` among the files `name(unit)` in `dir`, or why not. */
function chainAt(dir: string, head: 2 | 5, name: (unit: number) => string): SetChoice | string {
  const reels: string[] = [];
  for (const unit of REEL_CHAINS[head]) {
    const file = name(unit);
    if (!existsSync(join(dir, file))) break;
    reels.push(file);
    const tape = decodeMemorySet(reels.map((r) => readTapeFile(join(dir, r))));
    if (tape.complete) return { reels, tape };
    if (!tape.problems.some((p) => p.includes('MEMCON'))) return `${reels.join(', ')}: not a complete memory${tape.problems.length ? `: ${tape.problems[0]}` : ''}`;
  }
  return reels.length ? `${reels.join(', ')}: the memory goes on past tape ${REEL_CHAINS[head].at(-1)}` : `no reel on tape ${head}`;
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
 * Mount a memory set: its reels read only on the units of tape 1's chain (a blank reel where it
 * has fewer), the scratch chains (2 8, 5 9) on new files in the folder, every unit a reel of the
 * set's length. A complete new memory left by a killed run is put in place first when `accept`
 * takes its digest (the newest run's, the highest merge), and removed with any other leftovers.
 */
export function attachMemorySet(io: { attachTape(n: number, drive: TapeUnit): void }, dir: string, accept: (digest: string) => boolean = () => true): TapeSet {
  let manifest = readManifest(dir);
  let recovered: string | null = null;
  let discarded: string | null = null;
  const left = readdirSync(dir).filter((f) => SCRATCH.test(f) && !manifest.reels.includes(f));
  if (left.length) {
    const gens = [...new Set(left.map((f) => SCRATCH.exec(f)![1]!))].sort().reverse();
    const found = gens.flatMap((g) => ([2, 5] as const).map((h) => chainAt(dir, h, (u) => `new-${g}-${u}.tap`))).filter((c): c is SetChoice => typeof c !== 'string');
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
  const old = REEL_CHAINS[1].map((unit, i) => {
    const d = new TapeUnit(unit, { capacityFrames });
    const reel = manifest.reels[i];
    if (reel) d.attach(join(dir, reel), { readOnly: true });
    else d.mount([], { readOnly: true });
    io.attachTape(unit, d);
    return d;
  });
  const gen = generation();
  const scratchName = (unit: number): string => `new-${gen}-${unit}.tap`;
  const scratch = [...REEL_CHAINS[2], ...REEL_CHAINS[5]].map((unit) => {
    const d = new TapeUnit(unit, { capacityFrames });
    d.attach(join(dir, scratchName(unit)), { format: 'tap' });
    io.attachTape(unit, d);
    return d;
  });
  const unload = (printerText: string): PendingSwap => {
    for (const d of [...old, ...scratch]) d.detach();
    const last = [...printerText.matchAll(new RegExp(MERGE_COMPLETE.source, 'gm'))].pop();
    const outgrown = /^ROTE REEL \d+ FULL ON TAPE (\d+)$/m.exec(printerText); // KMRL: no unit left in the chain
    let choice: SetChoice | string = outgrown ? `the new memory outgrew tape ${outgrown[1]}, the last reel of its chain (rote.sap KRNX): make the reels longer (tape set --reel-feet)` : 'no completed merge reported';
    if (last) {
      const head = Number(last[4]);
      choice = head === 2 || head === 5 ? chainAt(dir, head, scratchName) : `merge reported on tape ${head}, not a scratch tape`;
      if (typeof choice !== 'string' && choice.tape.trailer!.merge !== Number(last[1])) choice = `${choice.reels.join(', ')} holds merge ${choice.tape.trailer!.merge}, the printer says ${last[1]}`;
    }
    const chosen = typeof choice === 'string' ? null : choice;
    const commit = (): TapeSwap => {
      commitSet(dir, manifest, chosen);
      return chosen ? { installed: true, reason: describe(chosen) } : { installed: false, reason: choice as string };
    };
    return { path: chosen ? join(dir, MANIFEST) : null, reason: chosen ? describe(chosen) : (choice as string), digest: chosen ? setDigest(chosen.reels.map((r) => join(dir, r))) : null, commit };
  };
  return { old: old[0]!, scratch, recovered, discarded, unload, finish: (printerText) => unload(printerText).commit() };
}
