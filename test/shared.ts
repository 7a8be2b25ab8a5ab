// The project's shared data (../shared/data beside the repository: perft counts, ACF openings,
// Tinsley's games), read by the tests where the published figures are the expectation.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SHARED_DATA = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'data');

/** The published perft counts from the start position: [depth, leaves]. */
export const PERFT: [number, number][] = readFileSync(join(SHARED_DATA, 'perft.tsv'), 'utf8')
  .split('\n')
  .filter((l) => /^\d+\t\d+$/.test(l))
  .map((l) => l.split('\t').map(Number) as [number, number]);
export const ACF = join(SHARED_DATA, 'acf_3move.tsv');
