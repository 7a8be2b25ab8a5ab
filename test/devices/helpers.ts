// Shared by the device tests: scratch directories for image files, and a seeded random source.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'samuel704-devices-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Names in a directory (to see that no temp file was left behind). */
export const listing = (dir: string): string[] => readdirSync(dir).sort();

/** Deterministic pseudo-random integers in [0, n) (mulberry32), so failures repeat. */
export function random(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * n | 0;
  };
}
