// The debugger as a process: Ctrl-C (SIGINT) stopping a long `continue` in script mode, and a
// real terminal session in tmux (completion, history, Enter repeating a step, Ctrl-C during a
// run and at the prompt, colour, Ctrl-D).

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, SUM, tmp } from './helpers.ts';

const CLI = 'src/cli/index.ts';
const ROOT = join(FIXTURES, '..', '..', '..');

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('Ctrl-C in script mode', () => {
  it('SIGINT stops a continue that would not end; the script goes on with the machine as it was', async () => {
    const script = join(tmp, 'sigint.txt');
    writeFileSync(script, ['deposit DONE TRA DONE', 'continue', 'regs', 'x SUM /dec', 'quit'].join('\n'));
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'debug', SUM, '--script', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    child.stdout.on('data', (b: Buffer) => { out += b.toString(); });
    child.stderr.on('data', (b: Buffer) => { err += b.toString(); });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await until('the continue to start', () => out.includes('(704) continue\n'));
    await sleep(300);
    expect(out).not.toContain('interrupted'); // still running
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(err).toBe('');
    expect(out).toMatch(/\(704\) continue\ninterrupted\n=> 00161 DONE   TRA DONE .*\n\(704\) regs\nIC {2}00161 DONE {3}next: TRA DONE\n/);
    expect(out).toContain('(704) x SUM /dec\n00215 SUM    61\n(704) quit\n');
  });
});

const hasTmux = spawnSync('tmux', ['-V']).status === 0;

describe('in a terminal', () => {
  const socket = `samuel704-test-${process.pid}`;
  const tmux = (...args: string[]): string => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
  const screen = (): string => tmux('capture-pane', '-p', '-t', 'dbg');
  const lastLine = (): string => screen().trimEnd().split('\n').pop()!;
  /** Named keys (Enter, Tab, C-c ...). */
  const press = (...k: string[]): string => tmux('send-keys', '-t', 'dbg', ...k);
  /** Text, literally: tmux would read `delete` as the Delete key. */
  const type = (text: string): string => tmux('send-keys', '-t', 'dbg', '-l', text);
  afterAll(() => {
    if (hasTmux) spawnSync('tmux', ['-L', socket, 'kill-server']);
  });

  it.skipIf(!hasTmux)(`completes, repeats, keeps history, and takes Ctrl-C and Ctrl-D${hasTmux ? '' : ' (SKIPPED: tmux is not installed; apt-get install tmux)'}`, async () => {
    tmux('new-session', '-d', '-s', 'dbg', '-x', '150', '-y', '50', '-c', ROOT,
      `env -u NO_COLOR -u FORCE_COLOR -u CI '${process.execPath}' --import tsx '${CLI}' debug '${SUM}'`);
    await until('the prompt', () => lastLine() === '(704)');

    // Tab completes commands and symbols.
    type('exa');
    press('Tab');
    await until('examine completed', () => lastLine() === '(704) examine');
    type('SU');
    press('Tab');
    await until('SUM completed', () => lastLine() === '(704) examine SUM');
    type(' /dec');
    press('Enter');
    await until('the answer', () => screen().includes('00215 SUM    0'));
    type('break lo');
    press('Tab');
    await until('loop completed, in the case typed', () => lastLine() === '(704) break loop');
    press('Enter');
    await until('the breakpoint', () => screen().includes('breakpoint 1 at 00145 LOOP'));
    type('c');
    press('Enter');
    await until('the stop', () => screen().includes('=> 00145 LOOP   CLA SUM'));

    // Enter alone repeats a step.
    type('step');
    press('Enter');
    await until('one step', () => screen().includes('=> 00146 LOOP+1'));
    press('Enter');
    await until('the step repeated', () => screen().includes('=> 00147 LOOP+2'));

    // Up brings back the last command; Ctrl-C at the prompt clears the line.
    press('Up');
    await until('history', () => lastLine() === '(704) step');
    press('C-c');
    await until('the line cleared', () => lastLine() === '(704)');

    // Ctrl-C during a run stops the machine and returns to the prompt with its state.
    for (const line of ['delete', 'deposit DONE TRA DONE']) {
      type(line);
      press('Enter');
      await until(line, () => lastLine() === '(704)');
    }
    type('continue');
    press('Enter');
    await sleep(500);
    expect(lastLine()).toBe('(704) continue'); // no new prompt: still running
    press('C-c');
    await until('the interrupt', () => screen().includes('interrupted\n=> 00161 DONE   TRA DONE'));
    type('x SUM /dec');
    press('Enter');
    await until('the state kept', () => screen().includes('00215 SUM    61'));

    // A terminal gets colour: the stop headline is yellow, an error red.
    type('nosuch');
    press('Enter');
    await until('the error', () => screen().includes('unknown command "nosuch"'));
    const coloured = tmux('capture-pane', '-p', '-e', '-t', 'dbg');
    expect(coloured).toMatch(/\x1b\[33minterrupted/);
    expect(coloured).toMatch(/\x1b\[31merror:/);

    // Ctrl-D leaves.
    press('C-d');
    await until('the session to end', () => spawnSync('tmux', ['-L', socket, 'has-session', '-t', 'dbg']).status !== 0);
  });
});
