// Folders made as `mkdir -p` makes them. Node 20's mkdirSync(path, { recursive: true }) never
// returns where a folder's parent exists but cannot hold it (a path under /proc or /sys): the
// child's ENOENT sends it to the parent, the parent's EEXIST back to the child, at 100% CPU with
// nothing printed (`selfplay --state /proc/x` hung so). Here each missing folder is made once,
// from the top down, and the first failure is thrown with its path.

import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Make `path` and the folders above it that are missing; an error names the folder that could not be made. */
export function makeFolder(path: string): void {
  const missing: string[] = [];
  for (let p = resolve(path); !existsSync(p); p = dirname(p)) {
    missing.push(p);
    if (dirname(p) === p) break;
  }
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e; // made meanwhile by another process: fine
    }
  }
  if (!statSync(path).isDirectory()) mkdirSync(path); // a file there: mkdir's own EEXIST names it
}
