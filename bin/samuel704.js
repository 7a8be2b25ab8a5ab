#!/usr/bin/env node
// Launcher for the installed `samuel704` command: runs the compiled command line in dist/, built
// by `npm run build` (the `prepare` script runs it at `npm ci` / `npm install`), so nothing is
// compiled at run time. When a source file is newer than the build it says so.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'dist', 'src', 'cli', 'index.js');

/** The newest modification time of the .ts files under a folder. */
function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p));
    else if (e.name.endsWith('.ts')) t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

if (!existsSync(entry)) {
  process.stderr.write(`samuel704: no compiled command line at ${entry}: run \`npm run build\` in ${root}\n`);
  process.exit(1);
}
if (existsSync(join(root, 'src')) && newest(join(root, 'src')) > statSync(entry).mtimeMs) {
  process.stderr.write('samuel704: src/ is newer than dist/ - run `npm run build` to use the changes\n');
}
await import(pathToFileURL(entry).href);
