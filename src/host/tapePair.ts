// A learning procedure's state on tape, as the program keeps it: the state tape mounted read
// only, the program's new copies written on scratch units. After the run a new image takes the
// old one's place in a single rename, and only when the program reported writing it and the
// image decodes whole, so a run stopped at any moment leaves the old state as it was.
//
// The swap is two steps, `unload` (save the scratch images, choose the one to go in) and
// `commit` (the rename), so a caller with a record of its own (a self-play session's journal)
// can note what is about to go in between the two. A scratch image found at the next attach is
// put in place only if the caller accepts it (the journal recorded it); otherwise it belongs to a
// game nobody recorded and is removed, so the tape never gets ahead of the record.
//
// The state tape's kind (tapeKind.ts) is checked when it is attached, before the 704 is booted,
// and both it and the new image again just before the rename; a swap that does not happen removes
// the scratch images, so no `*.new` outlives the run. The scratch images are written in the state
// tape's format (tapeImage.ts's one rule), so a `.p7b` tape stays P7B.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { TapeUnit } from '../devices/tape.ts';
import { tapeFormatOf } from '../devices/tapeImage.ts';
import { checkTapeKind, type TapeKind } from './tapeKind.ts';

export interface TapeSwap {
  installed: boolean;
  reason: string;
}

/** The new image chosen to go in (`path`, with why), or null with why not. */
export interface Choice {
  path: string | null;
  reason: string;
}

/** Picks the new image among `scratch` for the state tape: checks it decodes whole (and matches what the run printed). */
export type Chooser = (printerText?: string) => Choice;

/** The image of a tape as the journal records it. */
export const imageDigest = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

/**
 * Rename the chosen image over `path` when both are still `kind` tapes; the other scratch images
 * go (all of them when nothing goes in), so none is put in place later.
 */
export function commitChoice(path: string, scratch: readonly string[], choice: Choice, kind: TapeKind): TapeSwap {
  let chosen = choice.path;
  let reason = choice.reason;
  if (chosen !== null) {
    try {
      checkTapeKind(path, kind);
      checkTapeKind(chosen, kind);
    } catch (e) {
      [chosen, reason] = [null, (e as Error).message];
    }
  }
  if (chosen !== null) renameSync(chosen, path);
  for (const p of scratch) if (p !== chosen) rmSync(p, { force: true });
  return { installed: chosen !== null, reason };
}

/** A new image chosen after a run, not yet in place. */
export interface PendingSwap extends Choice {
  /** The chosen image's digest (null when there is none). */
  readonly digest: string | null;
  commit(): TapeSwap;
}

export interface TapeSet {
  /** The state tape, read only. */
  readonly old: TapeUnit;
  /** The scratch tapes the program writes its new copies on. */
  readonly scratch: readonly TapeUnit[];
  /** Set when attaching put in place a complete new tape left by a run that died before its swap. */
  readonly recovered: string | null;
  /** Set when attaching removed a new tape that `accept` refused. */
  readonly discarded: string | null;
  /** After the run (or when it stopped): save the scratch images, unload every unit, choose. */
  unload(printerText: string): PendingSwap;
  /** `unload` and `commit` at once. */
  finish(printerText: string): TapeSwap;
}

export interface TapeSetSpec {
  /** The state tape's unit, and the scratch units with their images. */
  unit: number;
  scratch: readonly { unit: number; path: string }[];
  choose: Chooser;
  /** What the state tape must hold (a missing or empty file is a blank tape). */
  kind: TapeKind;
  /** Frames before each unit's end-of-tape marker (TapeUnit's default: a 2,400-foot reel). */
  capacityFrames?: number;
}

/**
 * Mount `path` (a missing file is a blank tape) read only on `spec.unit` and the scratch images on
 * theirs, after refusing a `path` of another kind (TapeKindError). A complete new tape left by an
 * earlier run is put in place first when `accept` (by default anything) takes its digest, and removed when
 * it does not.
 */
export function attachTapeSet(
  io: { attachTape(n: number, drive: TapeUnit): void },
  path: string,
  spec: TapeSetSpec,
  accept: (digest: string) => boolean = () => true,
): TapeSet {
  checkTapeKind(path, spec.kind);
  const scratchPaths = spec.scratch.map((s) => s.path);
  const commit = (choice: Choice): TapeSwap => commitChoice(path, scratchPaths, choice, spec.kind);
  let recovered: string | null = null;
  let discarded: string | null = null;
  if (scratchPaths.some(existsSync)) {
    const choice = spec.choose();
    if (choice.path !== null && accept(imageDigest(choice.path))) recovered = commit(choice).reason;
    else {
      if (choice.path !== null) discarded = `${choice.path} (${choice.reason}), written by a run that was not recorded`;
      for (const p of scratchPaths) rmSync(p, { force: true });
    }
  }
  const old = new TapeUnit(spec.unit, { capacityFrames: spec.capacityFrames });
  if (existsSync(path)) old.attach(path, { readOnly: true });
  else old.mount([], { readOnly: true });
  const format = tapeFormatOf(path);
  const scratch = spec.scratch.map((s) => {
    const d = new TapeUnit(s.unit, { capacityFrames: spec.capacityFrames });
    d.attach(s.path, { format });
    return d;
  });
  io.attachTape(spec.unit, old);
  scratch.forEach((d, i) => io.attachTape(spec.scratch[i]!.unit, d));
  const unload = (printerText: string): PendingSwap => {
    old.detach();
    for (const d of scratch) d.detach();
    const choice = spec.choose(printerText);
    return { ...choice, digest: choice.path === null ? null : imageDigest(choice.path), commit: () => commit(choice) };
  };
  return { old, scratch, recovered, discarded, unload, finish: (printerText) => unload(printerText).commit() };
}
