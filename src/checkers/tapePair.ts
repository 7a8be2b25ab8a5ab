// A learning procedure's state on tape, as the program keeps it: the state tape mounted read
// only on one unit, the program's new copy written on another. After the run the new image takes
// the old one's place in a single rename, and only when the program reported writing it and the
// image decodes whole, so a run stopped at any moment leaves the old state as it was.

import { existsSync } from 'node:fs';
import { TapeUnit } from '../devices/tape.ts';

export interface TapeSwap {
  installed: boolean;
  reason: string;
}

/** Checks a new image and renames it over the old one; `printerText` is what the run printed. */
export type Installer = (path: string, newPath: string, printerText?: string) => TapeSwap;

export interface TapePair {
  /** The state tape, read only. */
  readonly old: TapeUnit;
  /** The new tape the program writes. */
  readonly fresh: TapeUnit;
  /** Set when attaching found a complete new tape left by a run that died before its swap. */
  readonly recovered: string | null;
  /** After the run (or when it stopped): save the new tape's image, unload both, swap if complete. */
  finish(printerText: string): TapeSwap;
}

/**
 * Mount `path` (a missing file is a blank tape) read only on unit `units[0]` and `newPath` on
 * `units[1]`. A complete new tape left by an earlier run is put in place first.
 */
export function attachTapePair(
  io: { attachTape(n: number, drive: TapeUnit): void },
  units: readonly [number, number],
  path: string,
  newPath: string,
  install: Installer,
): TapePair {
  let recovered: string | null = null;
  if (existsSync(newPath)) {
    const r = install(path, newPath);
    if (r.installed) recovered = r.reason;
  }
  const old = new TapeUnit(units[0]);
  const fresh = new TapeUnit(units[1]);
  if (existsSync(path)) old.attach(path, { readOnly: true });
  else old.mount([], { readOnly: true });
  fresh.attach(newPath);
  io.attachTape(units[0], old);
  io.attachTape(units[1], fresh);
  return {
    old,
    fresh,
    recovered,
    finish(printerText: string) {
      old.detach();
      fresh.detach();
      return install(path, newPath, printerText);
    },
  };
}
