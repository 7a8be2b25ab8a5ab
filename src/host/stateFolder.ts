// The user's state folder: where `npm start` keeps its session and `--rote` / `--learn` (without
// a session directory) keep their tapes, so that nothing git tracks is ever written. It is
// $SAMUEL704_STATE when set, else .local/state/ in the repository (git-ignored). The tapes
// bundled in tapes/ are read-only starting points: a tape is copied from there the first time.

import { copyFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeFolder } from './makeFolder.ts';

/** How the help texts name the folder. */
export const STATE_NAME = '.local/state (or $SAMUEL704_STATE)';

/** The repository: the folder of package.json above this module (from src/ or compiled code). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** The state folder: `given`, else $SAMUEL704_STATE, else .local/state/ in the repository. */
export function stateFolder(given?: string): string {
  return resolve(given ?? process.env.SAMUEL704_STATE ?? join(packageRoot(), '.local', 'state'));
}

/** The user's copy of a bundled tape (tapes/NAME), made the first time it is asked for. */
export function userTape(name: string, state = stateFolder()): string {
  const path = join(state, name);
  const bundled = join(packageRoot(), 'tapes', name);
  if (!existsSync(path) && existsSync(bundled)) {
    makeFolder(state);
    copyFileSync(bundled, path);
  }
  return path;
}

/** A path as short as it reads well: relative to the working folder when inside it. */
export function shown(path: string): string {
  const r = relative(process.cwd(), path);
  return r && !r.startsWith('..') ? r : path;
}
