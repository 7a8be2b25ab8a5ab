// Run a `samuel704` subcommand in this process, as the CLI registers it, capturing what it writes.

import { Command } from 'commander';
import { vi } from 'vitest';

export interface Captured {
  out: string;
  err: string;
  code: number | undefined;
}

export async function runCli(register: (program: Command) => void, args: readonly string[]): Promise<Captured> {
  let out = '', err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => { out += String(s); return true; });
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => { err += String(s); return true; });
  process.exitCode = undefined;
  try {
    const program = new Command().exitOverride();
    register(program);
    await program.parseAsync(['node', 'samuel704', ...args]);
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
  const code = process.exitCode as number | undefined;
  process.exitCode = undefined;
  return { out, err, code };
}
