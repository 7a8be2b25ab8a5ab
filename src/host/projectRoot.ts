// The repository's root, found from this module's own location, so asm/ and data/ are found both
// when running the TypeScript sources (src/) and the compiled command line (dist/src/).

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'asm'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no samuel704 root (package.json and asm/) above ${fileURLToPath(import.meta.url)}`);
  }
}

export const PROJECT_ROOT = findRoot();
