// The modules that add the command line's commands, each loaded only when its command is asked
// for: `samuel704 run` does not load the tournaments' worker pool and queue, the pictures'
// renderer or the assembler's listing code (start-up to the first instruction, issue 16).

import type { Command } from 'commander';

type Register = (program: Command) => void;

/** Each module with the top-level commands it registers, in the order `--help` lists them. */
export const COMMAND_MODULES: readonly (readonly [names: readonly string[], load: () => Promise<Register>])[] = [
  [['run'], async () => (await import('./run.ts')).registerRun],
  [['asm', 'disasm'], async () => (await import('../asm/cli.ts')).registerAsmCommands],
  [['debug'], async () => (await import('../debugger/cli.ts')).registerDebug],
  [['perft', 'selfplay', 'play', 'book', 'report', 'match'], async () => (await import('../checkers/cli.ts')).registerCheckersCommands],
  [['tape'], async () => (await import('../checkers/rote/tapeCli.ts')).registerTapeCommands],
  [['learning'], async () => (await import('../checkers/learning/learningCli.ts')).registerLearningCommands],
  [['reproduce'], async () => (await import('../reproduce/cli.ts')).registerReproduceCommand],
  [['scorefour'], async () => (await import('../scorefour/cli.ts')).registerScorefourCommands],
  [['halma'], async () => (await import('../halma/cli.ts')).registerHalmaCommands],
  [['tournament', 'tournament-worker'], async () => (await import('../tournament/cli.ts')).registerTournamentCommand],
  [['evolve'], async () => (await import('../evolve/cli.ts')).registerEvolveCommand],
  [['fortran', 'fortran-build'], async () => (await import('../fortran/cli.ts')).registerFortranCommands],
  [['start'], async () => (await import('../checkers/selfplay/start.ts')).registerStartCommand],
];

/** Global options that take a value (`--core-engine jit`): their value is not the command. */
const VALUED = new Set(['--core-engine']);

/** The command named on the command line (the first word that is not an option), if any. */
export function commandName(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (VALUED.has(a)) i++;
    else if (!a.startsWith('-')) return a;
  }
  return undefined;
}

/**
 * The modules to load for `args`: the named command's; none for `--version` alone (it loaded them
 * all, 0.45 against 0.14 CPU-s); every one for help or an unknown name.
 */
export function modulesFor(args: readonly string[]): typeof COMMAND_MODULES {
  const name = commandName(args);
  if (name === undefined && args.some((a) => a === '--version' || a === '-V') && !args.some((a) => a === '--help' || a === '-h')) return [];
  const one = COMMAND_MODULES.filter(([names]) => name !== undefined && names.includes(name));
  return one.length > 0 ? one : COMMAND_MODULES;
}

/** Register the modules `args` needs (modulesFor). */
export async function registerCommands(program: Command, args: readonly string[]): Promise<void> {
  for (const [, load] of modulesFor(args)) (await load())(program);
}
