// Replace a file so that a crash never leaves a half-written image in its place: write a temp
// file in the same directory (so the rename cannot cross file systems), fsync it, rename it over
// the target, then fsync the directory so the rename itself is durable. A target that is not a
// regular file (/dev/null, /dev/stdout, a FIFO) is written straight to: renaming over it would put
// a plain file in place of the device. A symbolic link is followed, so the link itself stays.

import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readdirSync, realpathSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileError } from './fileErrors.ts';

export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  try {
    const target = existingTarget(resolve(path));
    if (target !== null && !statSync(target).isFile()) writeFileSync(target, data);
    else replace(target ?? resolve(path), data);
  } catch (e) {
    throw fileError(e, path, 'write it', 'what was there before is unchanged');
  }
}

function replace(target: string, data: string | Uint8Array): void {
  const dir = dirname(target);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const tmp = join(dir, `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`); // as removeTempsOf reads it
  const fd = openSync(tmp, 'wx', existingMode(target));
  let written = false;
  try {
    for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
    fsyncSync(fd);
    written = true;
  } finally {
    closeSync(fd);
    if (!written) unlinkSync(tmp);
  }
  try {
    renameSync(tmp, target);
  } catch (e) {
    unlinkSync(tmp);
    throw e;
  }
  syncDirectory(dir);
}

/**
 * Remove the temp files a process that has died (SIGKILL, power cut) left in `dir` while replacing
 * a file there; the files it replaced are whole, old or new. Only the lock holder that took back
 * the dead one's lock calls this, so no live writer's temp file can match.
 */
export function removeTempsOf(dir: string, pid: number): void {
  const left = new RegExp(`^\\..+\\.${pid}\\.[0-9a-f]{8}\\.tmp$`);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => left.test(n));
  } catch {
    return; // the directory is gone or unreadable: nothing of ours to tidy
  }
  for (const n of names) rmSync(join(dir, n), { force: true });
}

/** The file a path names after following symbolic links, or null when nothing is there yet. */
function existingTarget(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/** Keep the permissions of a file being replaced; new files get the usual 0666 less umask. */
function existingMode(path: string): number {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return 0o666;
  }
}

/** Make the rename durable; some platforms cannot open or fsync a directory, which is harmless. */
function syncDirectory(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, 'r');
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // not supported here (e.g. Windows); the data itself is already synced
  } finally {
    closeSync(fd);
  }
}
