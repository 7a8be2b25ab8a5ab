// One writer at a time for a session directory or a tape: an exclusive lock file beside it
// (`DIR/session.lock`, `TAPE.lock`) holding the holder's pid, host, command and start time.
//
// Why not proper-lockfile: it tells a live holder from a dead one by the lock's mtime, which the
// holder must refresh from a timer. A 704 run keeps the event loop busy for long stretches, so the
// refresh would be late and a live session's lock taken as stale (compromised); and a holder
// killed with SIGKILL would block the next run for the whole stale period (10 s by default) while
// the refusal could not say who holds the lock. Here a holder is alive while its pid is (checked
// with signal 0 on the same host), so a killed holder's lock is taken back at once, and a refusal
// names the holder.
//
// Taking a lock: the record is written to a private file and hard-linked to the lock's name, which
// fails when the name exists (atomic, even on NFS). A dead holder's lock is taken back under a
// second lock, `NAME.takeover`, so that of two runs finding the same dead holder one replaces it
// (rename, atomic) and the other then finds the first one's live lock. The run that took it back
// removes the temp files the dead holder left (killed while replacing a file: the file itself is
// whole, old or new), so a crash leaves nothing behind for long.

import { hostname } from 'node:os';
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { removeTempsOf } from '../devices/atomicFile.ts';
import { fileError } from '../devices/fileErrors.ts';

export interface Holder {
  pid: number;
  host: string;
  command: string;
  started: string;
}

/** The exit code of a run refused because another holds its lock (sysexits' EX_TEMPFAIL: try later). */
export const EXIT_LOCKED = 75;

export class LockedError extends Error {
  readonly exitCode = EXIT_LOCKED;
  constructor(readonly what: string, readonly lockFile: string, readonly holder: Holder) {
    super(`${what} is in use by ${describe(holder)} (lock ${lockFile}); wait for it to finish, or stop it${holder.host === hostname() ? '' : ` — if that process is gone, remove ${lockFile}`}`);
    this.name = 'LockedError';
  }
}

const describe = (h: Holder): string => `process ${h.pid}${h.host === hostname() ? '' : ` on ${h.host}`} (${h.command}, since ${h.started})`;

export interface Lock {
  readonly file: string;
  release(): void;
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));
const held = new Map<string, string>(); // lock file -> the record this process wrote

/** Release every lock this process holds when it exits (a thrown error, process.exit). */
process.once('exit', () => {
  for (const [file, record] of held) releaseFile(file, record);
});

function alive(h: Holder): boolean {
  if (h.pid <= 0 || h.pid === process.pid) return false; // unreadable, or a dead process whose pid we now have
  if (h.host !== hostname()) return true; // cannot tell: a lock of another host is kept
  try {
    process.kill(h.pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

function readHolder(file: string): { text: string; holder: Holder } | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw fileError(e, file, 'read the lock');
  }
  try {
    const holder = JSON.parse(text) as Holder;
    if (Number.isInteger(holder.pid)) return { text, holder };
  } catch {
    // fall through: a lock cut short by a crash while being written cannot exist (link is atomic)
  }
  return { text, holder: { pid: 0, host: hostname(), command: 'unknown (unreadable lock)', started: '?' } };
}

/** The files a process writes beside a lock while taking it (so that the next holder can tidy a dead one's). */
const linkTemp = (target: string, pid: number): string => `${target}.${pid}.tmp`;
const takeoverTemp = (file: string, pid: number): string => `${file}.${pid}.takeover.tmp`;
/** The second lock under which a dead holder's lock is taken back. */
const guardOf = (file: string): string => `${file}.takeover`;

/** Hard-link a new file holding `record` to `target`; false when `target` exists. */
function linkNew(target: string, record: string): boolean {
  const mine = linkTemp(target, process.pid);
  try {
    writeFileSync(mine, record, { flag: 'w' });
    linkSync(mine, target);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw fileError(e, target, 'take the lock');
  } finally {
    rmSync(mine, { force: true });
  }
}

function releaseFile(file: string, record: string): void {
  held.delete(file);
  try {
    if (readFileSync(file, 'utf8') === record) rmSync(file, { force: true });
  } catch {
    // gone already
  }
}

/** Replace the lock of a dead holder (`seen`) by ours, under NAME.takeover; false when another run got there first. */
function takeBack(file: string, seen: string, record: string): boolean {
  const guard = guardOf(file);
  if (!linkNew(guard, record)) {
    // a run killed while taking back leaves its guard: it is removed when its pid is dead
    const g = readHolder(guard);
    if (g && !alive(g.holder)) rmSync(guard, { force: true });
    return false;
  }
  try {
    const now = readHolder(file);
    if (now !== null && now.text !== seen) return false; // taken back (or released and taken) by another
    const mine = takeoverTemp(file, process.pid);
    writeFileSync(mine, record);
    renameSync(mine, file);
    return true;
  } finally {
    rmSync(guard, { force: true });
  }
}

/**
 * Take the lock of `file` for `what` (as a person names it: "session directory D"); a live holder
 * gets a LockedError naming it, a dead holder's lock is taken back. Release it when done (it is
 * also released when the process exits; a killed process leaves it for the next run to take back).
 */
export function takeLock(file: string, what: string, command = process.argv.slice(2).join(' ')): Lock {
  const record = JSON.stringify({ pid: process.pid, host: hostname(), command: `samuel704 ${command}`.trim(), started: new Date().toISOString() } satisfies Holder) + '\n';
  const ours = held.get(file);
  if (ours !== undefined) throw new LockedError(what, file, JSON.parse(ours) as Holder);
  for (let attempt = 0; attempt < 20; attempt++) {
    if (linkNew(file, record)) return hold(file, record);
    const seen = readHolder(file);
    if (seen === null) continue; // released meanwhile
    if (alive(seen.holder)) throw new LockedError(what, file, seen.holder);
    if (takeBack(file, seen.text, record)) {
      tidyAfter(file, seen.holder.pid);
      return hold(file, record);
    }
    Atomics.wait(PAUSE, 0, 0, 20); // another run is taking it back: look again shortly
  }
  throw new Error(`${file}: could not take the lock for ${what} (other runs keep taking it); try again`);
}

/** Remove what a dead holder left half done beside its lock: its files being replaced, its lock records. */
function tidyAfter(file: string, pid: number): void {
  if (pid <= 0) return; // an unreadable lock names no process
  removeTempsOf(dirname(file), pid);
  for (const f of [linkTemp(file, pid), linkTemp(guardOf(file), pid), takeoverTemp(file, pid)]) rmSync(f, { force: true });
}

function hold(file: string, record: string): Lock {
  held.set(file, record);
  return { file, release: () => releaseFile(file, record) };
}
