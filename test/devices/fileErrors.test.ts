// File system errors name their file and say what to do (issue 13, finding 7): a full disk while a
// tape or journal is replaced, a directory given for a file.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const full = vi.hoisted(() => ({ on: false }));
vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  return {
    ...fs,
    writeSync: (...a: Parameters<typeof fs.writeSync>) => {
      if (full.on) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
      return fs.writeSync(...a);
    },
  };
});

const { writeFileAtomic } = await import('../../src/devices/atomicFile.ts');
const { readText } = await import('../../src/devices/fileErrors.ts');

describe('file errors', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fileerr-'));

  it('a full disk while replacing a file names it, and the old contents stay', () => {
    const file = join(dir, 'memory.tap');
    writeFileSync(file, 'old');
    full.on = true;
    try {
      expect(() => writeFileAtomic(file, 'new')).toThrow(`${file}: cannot write it: no space left on the device — free some space and run again (ENOSPC); what was there before is unchanged`);
    } finally {
      full.on = false;
    }
    expect(readFileSync(file, 'utf8')).toBe('old');
  });

  it('a directory or a missing file given to read is named with what it was to be', () => {
    expect(() => readText(dir, 'card deck')).toThrow(`${dir}: cannot read the card deck: it is a directory, not a file (EISDIR)`);
    expect(() => readText(join(dir, 'none'), 'core image')).toThrow(`${join(dir, 'none')}: cannot read the core image: no such file or directory (ENOENT)`);
  });
});
