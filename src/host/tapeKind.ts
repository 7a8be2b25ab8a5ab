// What a tape holds, checked before a tape is used or replaced. A memory tape given where a
// learning tape belongs (or the reverse) must be refused by name before the 704 is booted: the
// program would take it for a blank tape or read garbage, and the swap after the run would put a
// new tape of the other kind in its place. Each kind of tape (memory, learning, and the kinds to
// come) declares itself here with the test its decoder makes, so a refusal can also say what the
// file is.

import { existsSync, statSync } from 'node:fs';
import { readTapeFile, type TapeEntry } from '../devices/tapeImage.ts';

export interface TapeKind {
  /** As a person says it: "memory tape". */
  readonly name: string;
  /** Why `entries` are not a whole tape of this kind; empty when they are. */
  problems(entries: readonly TapeEntry[]): string[];
}

const kinds: TapeKind[] = [];

/** Declare a kind of tape (once, where its decoder is). */
export function tapeKind(name: string, problems: (entries: readonly TapeEntry[]) => string[]): TapeKind {
  const kind = { name, problems };
  kinds.push(kind);
  return kind;
}

/** A refusal of a tape: the file, the kind wanted, what is wrong. */
export class TapeKindError extends Error {
  constructor(readonly file: string, readonly wanted: TapeKind, problem: string) {
    super(`${file}: not a ${wanted.name} (${problem}); nothing was changed — give a ${wanted.name}, or a new file name for a blank one`);
    this.name = 'TapeKindError';
  }
}

/**
 * Refuse `path` unless it is a `kind` tape: a missing file or an empty image is a blank tape and
 * passes (the program starts from nothing on it); anything else must decode whole as that kind.
 */
export function checkTapeKind(path: string, kind: TapeKind): void {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) throw new TapeKindError(path, kind, 'it is a directory');
  let entries: TapeEntry[];
  try {
    entries = readTapeFile(path);
  } catch (e) {
    throw new TapeKindError(path, kind, (e as Error).message.replace(`${path}: `, ''));
  }
  if (entries.length === 0) return;
  const problems = kind.problems(entries);
  if (problems.length === 0) return;
  const other = kinds.find((k) => k !== kind && k.problems(entries).length === 0);
  throw new TapeKindError(path, kind, other ? `it is a ${other.name}` : problems[0]!);
}
