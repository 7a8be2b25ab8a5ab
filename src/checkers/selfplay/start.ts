// `samuel704 start` (what `npm start` runs): the main job, Samuel's headline experiment —
// generalization learning, Alpha against Beta, from the program's first polynomial (Samuel 1959,
// "Learning by generalization"; docs/checkers-learning.md) — kept as a self-play session in the
// user's own state folder, never in a file git tracks. Each run plays a few more games of the
// same session; rote learning stays off (Samuel never ran both at once in his experiments).
//
// The state folder (src/host/stateFolder.ts): --state DIR, else $SAMUEL704_STATE, else
// .local/state/ in the repository (git-ignored); the session is its selfplay/ folder. The bundled
// tapes/ are never written; `play` uses the learning tape trained here when there is one.

import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { guarded, style } from '../../cli/style.ts';
import { shown, stateFolder } from '../../host/stateFolder.ts';
import { learningFile, loadJournal } from './journal.ts';
import { selfplay, wholeNumber } from './selfplay.ts';

/** The session folder of the main job inside the state folder. */
export const startSession = (state = stateFolder()): string => join(state, 'selfplay');

/** The learning tape the main job has trained, when there is one (play and match use it by default). */
export function trainedLearningTape(state = stateFolder()): string | null {
  const tape = learningFile(startSession(state));
  return existsSync(tape) ? tape : null;
}

interface StartOptions {
  games: string;
  state?: string;
  fresh?: boolean;
  json?: boolean;
  quiet?: boolean;
}

async function start(opts: StartOptions): Promise<void> {
  const more = wholeNumber(opts.games, '--games');
  const dir = startSession(stateFolder(opts.state));
  if (opts.fresh && existsSync(dir)) {
    rmSync(dir, { recursive: true });
    process.stderr.write(style.warn(`removed the earlier session in ${shown(dir)}: starting afresh\n`));
  }
  const done = loadJournal(dir)?.games.length ?? 0;
  const say = (text: string): void => {
    if (!opts.json) process.stdout.write(`${text}\n`);
  };
  say(style.dim(`state: ${shown(dir)} (${done} game${done === 1 ? '' : 's'} learnt so far); this run plays games ${done + 1} to ${done + more}`));
  say(style.dim('generalization learning only: Alpha against Beta from the first polynomial (Samuel 1959), rote learning off'));
  await selfplay({ state: dir, learn: true, games: String(done + more), json: opts.json, quiet: opts.quiet, goOn: 'npm start' });
  const now = loadJournal(dir)?.games.length ?? done;
  const fresh = `\`npm start -- --fresh\` (or removing ${shown(dir)}) starts afresh`;
  if (opts.json) return;
  say(`\nstate: ${shown(dir)} holds ${now} learning game${now === 1 ? '' : 's'} (learning tape ${shown(learningFile(dir))}); \`npm start\` plays ${more} more; ${fresh}`);
  say(style.dim('`npm run cli -- play` plays you against what it has learnt; `npm run cli -- report --state ' + shown(dir) + '` draws the session'));
}

export function registerStartCommand(program: Command): void {
  program
    .command('start')
    .description("the main job (npm start): a few more games of Samuel's generalization learning, Alpha against Beta, kept in your state folder")
    .option('--games <n>', 'how many more games this run', '3')
    .option('--state <dir>', 'the state folder (default $SAMUEL704_STATE, else .local/state/ in the repository)')
    .option('--fresh', 'remove the session kept there and start from the first polynomial')
    .option('--json', 'the session as one JSON object on standard output, nothing else there')
    .option('--quiet', 'only the summary')
    .action(guarded((opts: StartOptions) => start(opts)));
}
