// The only part of the debugger that talks to a terminal. Interactive mode: readline with
// completion (commands, symbols, keywords) and history; Enter on an empty line repeats a step
// or next; Ctrl-C during a run stops the machine and returns to the prompt, at the prompt it
// clears the line; Ctrl-D or quit leaves. Script mode runs lines from a file or a pipe, echoing
// each after the prompt, so a transcript reads like a session.

import { createInterface } from 'node:readline';
import type { Commands } from './commands.ts';

export const PROMPT = '(704) ';

/** Ctrl-C: while a command runs, interrupt it; otherwise `idle`. */
function ctrlC(commands: Commands, idle: () => void): () => void {
  return () => {
    if (commands.engine.isRunning) commands.engine.interrupt();
    else idle();
  };
}

/**
 * Run script lines (blank lines and `#` comments are skipped) until the end or `quit`; a failed
 * command is reported and the script goes on. Returns false if any command failed, or if
 * SIGINT arrived between commands (which ends the script).
 */
export async function runScript(commands: Commands, lines: readonly string[], write: (text: string) => void): Promise<boolean> {
  let ok = true;
  let stopped = false;
  const onSigint = ctrlC(commands, () => { stopped = true; });
  process.on('SIGINT', onSigint);
  try {
    for (const line of lines) {
      if (stopped) return false;
      if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
      write(`${PROMPT}${line}`);
      const r = await commands.run(line);
      if (r.text) write(r.text);
      if (!r.ok) ok = false;
      if (r.quit) break;
    }
  } finally {
    process.off('SIGINT', onSigint);
  }
  return ok && !stopped;
}

/** The interactive loop on a terminal; resolves when the user quits. */
export function runInteractive(commands: Commands, input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Promise<void> {
  const rl = createInterface({
    input,
    output,
    prompt: PROMPT,
    completer: (line: string) => commands.complete(line),
    historySize: 1000,
    terminal: true,
  });
  const clearLine = (): void => {
    rl.write(null, { ctrl: true, name: 'e' });
    rl.write(null, { ctrl: true, name: 'u' });
  };
  // In raw mode readline turns the Ctrl-C key into its own event; a kill -INT comes to the process.
  const onSigint = ctrlC(commands, clearLine);
  rl.on('SIGINT', onSigint);
  process.on('SIGINT', onSigint);

  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => { resolveDone = resolve; });
  let finished = false;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    process.off('SIGINT', onSigint);
    commands.close();
    resolveDone();
  };

  const queue: string[] = [];
  let busy = false;
  let last = '';
  let quitting = false;
  const drain = async (): Promise<void> => {
    busy = true;
    while (queue.length > 0 && !quitting) {
      let line = queue.shift()!;
      // Enter alone repeats a step or next, as in gdb.
      if (line.trim() === '' && /^\s*(s|step|n|next)\b/i.test(last)) line = last;
      if (line.trim() === '') continue;
      last = line;
      const r = await commands.run(line);
      if (r.text) output.write(`${r.text}\n`);
      if (r.quit) quitting = true;
    }
    busy = false;
    if (quitting) {
      rl.close();
      finish();
    } else rl.prompt();
  };
  rl.on('line', (line) => {
    queue.push(line);
    if (!busy) void drain();
  });
  // Ctrl-D, quit, or the end of input: a run in progress stops first, then the units are written.
  rl.on('close', () => {
    quitting = true;
    commands.engine.interrupt();
    if (!busy) finish();
  });
  rl.prompt();
  return done;
}
