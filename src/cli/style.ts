// The CLI's colours. chalk turns itself off when the output is not a terminal, and colour.ts when
// NO_COLOR is set or --no-color given, so piped output and test transcripts stay plain.

import chalk from 'chalk';

export const style = {
  error: (s: string): string => chalk.red(s),
  warn: (s: string): string => chalk.yellow(s),
  ok: (s: string): string => chalk.green(s),
  addr: (s: string): string => chalk.cyan(s),
  reg: (s: string): string => chalk.bold(s),
  dim: (s: string): string => chalk.dim(s),
  head: (s: string): string => chalk.bold.underline(s),
};

/** Print an error for a person and set a failing exit code (1 unless the error says another). */
export function fail(message: string, code = 1): void {
  process.stderr.write(`${style.error('error:')} ${message}\n`);
  process.exitCode = code;
}

/** Wrap a command's action: an error becomes a message and its exit code (`exitCode`, else 1), not a stack trace. */
export const guarded = <A extends unknown[]>(fn: (...args: A) => void | Promise<void>) => async (...args: A): Promise<void> => {
  try {
    await fn(...args);
  } catch (e) {
    fail((e as Error).message, (e as { exitCode?: number }).exitCode ?? 1);
  }
};
