// The samuel704 command line.

import { Command, Option } from 'commander';
import { CORE_ENGINES } from '../cpu/cpu.ts';
import { registerCommands } from './commands.ts';
import { chooseColours } from './colour.ts';

// `samuel704 ... | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

chooseColours();
const program = new Command();
program
  .name('samuel704')
  .description("An IBM 704 in TypeScript, and on it A. L. Samuel's 1959 checkers program that learns")
  .version('0.1.0')
  .option('--no-color', 'no colours (also when NO_COLOR is set); before or after the command')
  .addOption(new Option('--core-engine <engine>', 'which core runs the 704: the translator (jit, the default) or the interpreter (interp); also $SAMUEL704_CORE')
    .choices(CORE_ENGINES))
  .hook('preAction', (cmd) => {
    const engine = cmd.opts<{ coreEngine?: string }>().coreEngine;
    if (engine) process.env.SAMUEL704_CORE = engine; // read by every Machine made from here on
  });

await registerCommands(program, process.argv.slice(2));

await program.parseAsync(process.argv);
