// Running the debugger the way its users script it: `samuel704 debug ... --script FILE`, in this
// process (stdout captured), and splitting the transcript into one answer per command.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerDebug } from '../../src/debugger/cli.ts';
import { runCli, type Captured } from '../cliCapture.ts';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const SUM = join(FIXTURES, 'sum.sap');
/** The checkers board words after STARTP: a driver, board.sap, an END card. */
export const STARTP = [join(FIXTURES, 'startp.sap'), join(FIXTURES, '..', '..', '..', 'asm', 'checkers', 'board.sap'), join(FIXTURES, 'end.sap')];

export const tmp = mkdtempSync(join(tmpdir(), 'debugger-'));

export interface Transcript extends Captured {
  /** The answer to each command, in order: the lines after `(704) command` up to the next prompt. */
  answers: { command: string; text: string }[];
}

let scripts = 0;

/** Run `samuel704 debug ARGS --script` with these commands (one a line). */
export async function debug(args: readonly string[], commands: string): Promise<Transcript> {
  const script = join(tmp, `script${++scripts}.txt`);
  writeFileSync(script, commands);
  const { out, err, code } = await runCli(registerDebug, ['debug', ...args, '--script', script]);
  const answers = out.split(/^\(704\) /m).slice(1).map((chunk) => {
    const nl = chunk.indexOf('\n');
    return { command: chunk.slice(0, nl), text: chunk.slice(nl + 1).replace(/\n$/, '') };
  });
  return { out, err, code, answers };
}

/** The answer to the nth (0-based) time `command` was given in a transcript. */
export function reply(t: Transcript, command: string, nth = 0): string {
  const a = t.answers.filter((x) => x.command === command)[nth];
  if (!a) throw new Error(`no answer ${nth} to ${JSON.stringify(command)} in\n${t.out}`);
  return a.text;
}
