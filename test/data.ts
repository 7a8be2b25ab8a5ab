// The project's data (data/ in the repository: perft counts, ACF openings, Tinsley's games),
// read by the tests where the published figures are the expectation.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DATA = join(dirname(fileURLToPath(import.meta.url)), '..', 'data');

/** The published perft counts from the start position: [depth, leaves]. */
export const PERFT: [number, number][] = readFileSync(join(DATA, 'perft.tsv'), 'utf8')
  .split('\n')
  .filter((l) => /^\d+\t\d+$/.test(l))
  .map((l) => l.split('\t').map(Number) as [number, number]);
export const ACF = join(DATA, 'acf_3move.tsv');
