// Whether the CLI writes colours. chalk's bundled terminal detection (supports-color) honours
// FORCE_COLOR and a `--no-color` / `--color` argument but not NO_COLOR (https://no-color.org: set
// and not empty means no colour), so that is done here, before any command writes. FORCE_COLOR
// still wins, as in Node itself.

import chalk from 'chalk';

export function chooseColours(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env): void {
  const forced = 'FORCE_COLOR' in env && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (argv.includes('--no-color') || (!forced && (env.NO_COLOR ?? '') !== '')) chalk.level = 0;
}
