// Every command in a code block marked runnable (```sh runnable) of the README and docs/ runs
// and exits 0, the way a reader would type it — `npm run cli -- ARGS` and `samuel704 ARGS` both
// as the CLI itself (node, tsx), from the repository root, with an empty state folder and no
// input. Only quick commands are marked, so the test stays fast.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const files = ['README.md', ...readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => join('docs', f))];

/** The commands of the runnable blocks of a Markdown text: one a line, a trailing `# comment` dropped. */
export function runnableCommands(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^```sh runnable\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  return blocks.flatMap((b) => b.split('\n')).map((l) => l.replace(/\s+#.*$/, '').trim()).filter((l) => l !== '' && !l.startsWith('#'));
}

const CLI = /^(?:npm run cli --|samuel704)\s+(.*)$/;
const state = mkdtempSync(join(tmpdir(), 'docs-commands-'));

describe('the commands the README and docs show', () => {
  const commands = files.flatMap((file) => runnableCommands(readFileSync(file, 'utf8')).map((command) => ({ file, command })));

  it('marks some commands runnable in the README and in docs/', () => {
    expect(commands.filter((c) => c.file === 'README.md').length).toBeGreaterThan(2);
    expect(commands.some((c) => c.file.startsWith('docs'))).toBe(true);
  });

  it.each(commands)('$file: $command', ({ command }) => {
    const m = CLI.exec(command);
    expect(m, `${command}: a runnable command is \`npm run cli -- ...\` or \`samuel704 ...\``).not.toBeNull();
    const args = m![1]!.split(/\s+/);
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], { encoding: 'utf8', input: '', env: { ...process.env, NO_COLOR: '1', SAMUEL704_STATE: state } });
    expect(r.status, `${command}\n${r.stderr}`).toBe(0);
  });

  it('reads the marked blocks only', () => {
    const md = '```sh\nnpm run cli -- not this\n```\n```sh runnable\nnpm run cli -- perft 2   # a comment\n\n# a line of comment\nsamuel704 tape info x\n```\n';
    expect(runnableCommands(md)).toEqual(['npm run cli -- perft 2', 'samuel704 tape info x']);
  });
});
