// The person's typed lines for play and play --tables: a prompt, one line an answer; piped
// input is echoed so a transcript reads like a typed session.

import { createInterface } from 'node:readline';

const out = (text: string): void => {
  process.stdout.write(text + '\n');
};

/** Lines typed by the person (`ask` gives null at the end of the input); `close` lets go of stdin. */
export function lineReader(): { ask: (prompt: string) => Promise<string | null>; close: () => void } {
  const tty = process.stdin.isTTY === true;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: tty });
  rl.on('SIGINT', () => rl.close()); // Ctrl-C at the prompt: as quit
  const lines = rl[Symbol.asyncIterator]();
  const ask = async (prompt: string): Promise<string | null> => {
    process.stdout.write(prompt);
    const next = await lines.next();
    if (next.done) return null;
    if (!tty) out(next.value); // a transcript of piped input reads like a typed session
    return next.value as string;
  };
  return { ask, close: () => rl.close() };
}
