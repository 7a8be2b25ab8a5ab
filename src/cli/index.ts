// The samuel704 command line.

import { Command } from 'commander';
import { registerAsmCommands } from '../asm/cli.ts';
import { registerDebug } from '../debugger/cli.ts';
import { registerRun } from './run.ts';

const program = new Command();
program
  .name('samuel704')
  .description("An IBM 704 in TypeScript, and on it A. L. Samuel's 1959 checkers program that learns")
  .version('0.1.0');

registerRun(program);
registerAsmCommands(program);
registerDebug(program);

await program.parseAsync(process.argv);
