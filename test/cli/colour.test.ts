// Colours at a terminal, and NO_COLOR (https://no-color.org) and --no-color turning them off.
// A real terminal (a pty) comes from util-linux's `script`; without it the test is skipped.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const hasScript = spawnSync('sh', ['-c', 'command -v script']).status === 0;
const SKIPPED = hasScript ? '' : ' (SKIPPED: `script` from util-linux is not installed)';

/** `samuel704 ARGS` at a terminal, with `env` set and FORCE_COLOR, NO_COLOR and CI unset first. */
function atTerminal(args: string, env: Record<string, string> = {}): string {
  const { FORCE_COLOR: _f, NO_COLOR: _n, CI: _c, ...rest } = process.env;
  const command = `'${process.execPath}' --import tsx src/cli/index.ts ${args}`;
  const r = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', env: { ...rest, TERM: 'xterm-256color', ...env } });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

const ESC = '\x1b[';

describe('colours', () => {
  it.skipIf(!hasScript)(`on at a terminal; off with NO_COLOR set or --no-color${SKIPPED}`, () => {
    expect(atTerminal('perft 1')).toContain(`${ESC}2m`);
    expect(atTerminal('perft 1', { NO_COLOR: '1' })).not.toContain(ESC);
    expect(atTerminal('--no-color perft 1')).not.toContain(ESC);
    // FORCE_COLOR wins, as in Node
    expect(atTerminal('perft 1', { NO_COLOR: '1', FORCE_COLOR: '1' })).toContain(`${ESC}2m`);
  });
});
