// makeFolder (host/makeFolder.ts): folders made as `mkdir -p` makes them, and an error naming the
// folder where Node's recursive mkdirSync never returned (a parent that exists but cannot hold it).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFolder } from '../../src/host/makeFolder.ts';

const dir = mkdtempSync(join(tmpdir(), 'make-folder-'));
/** A path under /proc on Linux: the folder exists, and nothing can be made in it. */
const underProc = existsSync('/proc/self') ? join('/proc', `samuel704-${process.pid}`, 'state') : null;

describe('makeFolder', () => {
  it('makes the missing folders, and again changes nothing', () => {
    const p = join(dir, 'a', 'b', 'c');
    makeFolder(p);
    expect(statSync(p).isDirectory()).toBe(true);
    makeFolder(p);
    makeFolder(join(dir, 'a'));
    expect(statSync(p).isDirectory()).toBe(true);
  });

  it('a file in the way, or at the path, is an error that names it', () => {
    const f = join(dir, 'file');
    writeFileSync(f, 'x');
    expect(() => makeFolder(join(f, 'sub'))).toThrow(/ENOTDIR.*file[/]sub/);
    expect(() => makeFolder(f)).toThrow(/EEXIST.*file'/);
  });

  it('under a link to nowhere: ENOENT naming the folder', () => {
    const link = join(dir, 'dangling');
    symlinkSync(join(dir, 'nowhere'), link);
    expect(() => makeFolder(join(link, 'state'))).toThrow(/ENOENT.*dangling[/]state/);
  });

  // In a child process: mkdirSync's loop there (the old code) never returns, and a timeout must kill it.
  it.skipIf(underProc === null)('`selfplay --state` under /proc exits 1 with the folder named, not a hang', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'selfplay', '--games', '1', '--state', underProc!],
      { encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/error: .*ENOENT.*\/proc\/samuel704-\d+/);
  }, 120_000);
});
