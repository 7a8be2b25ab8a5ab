// Shared by the device tests: scratch directories for image files, and a seeded random source.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { mulberry32 } from '../rng.ts';

export function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'samuel704-devices-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Names in a directory (to see that no temp file was left behind). */
export const listing = (dir: string): string[] => readdirSync(dir).sort();

/** Deterministic pseudo-random integers in [0, n), so failures repeat. */
export function random(seed: number): (n: number) => number {
  const next = mulberry32(seed);
  return (n) => (next() * n) | 0;
}
