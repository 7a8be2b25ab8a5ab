import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMAND_MODULES, commandName, modulesFor } from '../../src/cli/commands.ts';

describe('the command line loads only the module of the command asked for', () => {
  it('each module registers exactly the commands the list names for it', async () => {
    for (const [names, load] of COMMAND_MODULES) {
      const program = new Command();
      (await load())(program);
      expect(program.commands.map((c) => c.name())).toEqual(names);
    }
  });

  it('the command is the first word that is not an option or an option value', () => {
    expect(commandName(['run', '--load', 'x'])).toBe('run');
    expect(commandName(['--core-engine', 'jit', 'perft', '7'])).toBe('perft');
    expect(commandName(['--no-color', 'start'])).toBe('start');
    expect(commandName(['--help'])).toBeUndefined();
  });

  it('a command loads its module only, --version none, help and an unknown name all', () => {
    const names = (args: string[]): string[] => modulesFor(args).flatMap(([n]) => n);
    expect(names(['start', '--fresh'])).toEqual(['start']);
    expect(names(['--version'])).toEqual([]);
    expect(names(['-V'])).toEqual([]);
    expect(names(['--help'])).toEqual(COMMAND_MODULES.flatMap(([n]) => n));
    expect(names(['--version', '--help'])).toEqual(COMMAND_MODULES.flatMap(([n]) => n));
    expect(names(['nosuch'])).toEqual(COMMAND_MODULES.flatMap(([n]) => n));
  });
});
