// `samuel704 selfplay --learner seale --state DIR [--games N] [--png DIR]` (docs/seale.md).

import { resolve } from 'node:path';
import { runSealeSession, sealeTotals } from './session.ts';

export interface SealeSelfplayOptions {
  state?: string;
  games?: string;
  png?: string;
  quiet?: boolean;
  json?: boolean;
  [other: string]: unknown;
}

/** Options of Samuel's selfplay that mean nothing to Seale's (his games all start from the start). */
const NOT_WITH_SEALE = ['fen', 'openings', 'seed', 'barred', 'rote', 'memory', 'learn', 'learning', 'series', 'printEvery', 'giveaway', 'pdn'];

export async function sealeSelfplay(opts: SealeSelfplayOptions): Promise<void> {
  const bad = NOT_WITH_SEALE.filter((k) => opts[k] !== undefined);
  if (bad.length) throw new Error(`--learner seale plays his learning games from the start position: ${bad.map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(', ')} not taken`);
  if (!opts.state) throw new Error('--learner seale needs --state DIR (the session: seale.json and the learning tape seale.tap)');
  const games = opts.games === undefined ? 1 : Number(opts.games);
  if (!Number.isInteger(games) || games < 1) throw new Error(`--games ${opts.games}: a whole number, 1 or more`);
  const log = (l: string): void => { if (!opts.quiet && !opts.json) process.stderr.write(`${l}\n`); };
  const { journal, interrupted } = await runSealeSession({ dir: resolve(opts.state), games, pictures: opts.png, log });
  if (opts.json) {
    process.stdout.write(`${JSON.stringify(journal)}\n`);
  } else {
    const t = sealeTotals(journal);
    const last = journal.games.at(-1);
    process.stdout.write(`${journal.games.length} learning games under Seale's learner: Alpha won ${t.won}, lost ${t.lost}, drew ${t.drawn}\n`);
    if (last) process.stdout.write(`Alpha after game ${last.game}: ${last.coefficients.join(' ')}\n`);
  }
  if (interrupted) {
    process.stderr.write(`interrupted: the unfinished game is dropped; \`samuel704 selfplay --learner seale --state ${opts.state} --games ${games}\` goes on\n`);
    process.exitCode = 130;
  }
}
