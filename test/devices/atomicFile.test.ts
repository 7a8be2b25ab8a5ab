import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, constants, lstatSync, mkdirSync, openSync, readFileSync, readSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/devices/atomicFile.ts';
import { listing, scratchDir } from './helpers.ts';

describe('writeFileAtomic', () => {
  const dir = scratchDir();

  it('creates and replaces a file, keeping its permissions and leaving no temp file', () => {
    const path = join(dir, 'out.txt');
    writeFileAtomic(path, 'first\n');
    expect(readFileSync(path, 'utf8')).toBe('first\n');
    chmodSync(path, 0o640);
    writeFileAtomic(path, Uint8Array.from([1, 2, 3]));
    expect([...readFileSync(path)]).toEqual([1, 2, 3]);
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect(listing(dir)).toEqual(['out.txt']);
  });

  it('fails without touching what is there when the rename cannot happen', () => {
    const target = join(dir, 'a-directory');
    mkdirSync(target);
    writeFileSync(join(target, 'inside'), 'kept');
    expect(() => writeFileAtomic(target, 'data')).toThrow();
    expect(readFileSync(join(target, 'inside'), 'utf8')).toBe('kept');
    expect(listing(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('writes into a FIFO (as into /dev/null) rather than renaming a plain file over it', () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      writeFileAtomic(fifo, 'through\n');
      const got = Buffer.alloc(64);
      expect(got.toString('utf8', 0, readSync(reader, got))).toBe('through\n');
    } finally {
      closeSync(reader);
    }
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(listing(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('replaces the file a symbolic link names and keeps the link', () => {
    const real = join(dir, 'real.txt');
    const link = join(dir, 'link.txt');
    writeFileSync(real, 'old');
    symlinkSync(real, link);
    writeFileAtomic(link, 'new');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe('new');
  });

  it('fails when the directory does not exist', () => {
    expect(() => writeFileAtomic(join(dir, 'missing', 'x'), 'data')).toThrow(/ENOENT/);
  });
});
