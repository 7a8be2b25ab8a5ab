// `samuel704 start` (npm start): generalization learning only, kept in a state folder of its own,
// each run going on with the same session, the bundled tapes never written; Ctrl-C (arriving
// twice, as through npm and tsx) stops with the "how to go on" line and an interruption recorded.

import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadJournal } from '../../src/checkers/selfplay/journal.ts';

const dir = mkdtempSync(join(tmpdir(), 'checkers-start-'));
const args = (a: string[]): string[] => ['--import', 'tsx', 'src/cli/index.ts', ...a];
const cli = (a: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, args(a), { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } });
const digest = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('npm start', () => {
  it('learns by generalization only, in its state folder; runs go on; --fresh starts again; the bundled tapes stay as they are', () => {
    const bundled = ['tapes/learning.tap', 'tapes/memory.tap'].map(digest);
    const state = join(dir, 'a');
    const first = cli(['start', '--games', '1', '--state', state]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain(`state: ${join(state, 'selfplay')} (0 games learnt so far); this run plays games 1 to 1`);
    expect(first.stdout).toContain('rote learning off');
    expect(first.stdout).toMatch(/holds 1 learning game .*`npm start -- --fresh`/);
    expect(first.stdout).not.toMatch(/^ROTE/m);
    const j1 = loadJournal(join(state, 'selfplay'))!;
    expect(j1.settings).toMatchObject({ learn: true, rote: false, memory: null });
    // the game's number is the learning tape's: game 1 is ALPHA AFTER GAME 1
    expect(j1.games.map((g) => [g.round, g.learning?.game])).toEqual([[1, 1]]);

    // the folder may come from the environment; the next run is game 2
    const second = cli(['start', '--games', '1'], { SAMUEL704_STATE: state });
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain('(1 game learnt so far); this run plays games 2 to 2');
    expect(loadJournal(join(state, 'selfplay'))!.games.map((g) => [g.round, g.learning?.game])).toEqual([[1, 1], [2, 2]]);

    const fresh = cli(['start', '--games', '1', '--state', state, '--fresh', '--json']);
    expect(fresh.status, fresh.stderr).toBe(0);
    expect(fresh.stderr).toContain('starting afresh');
    const json = JSON.parse(fresh.stdout) as { totals: { games: number }; games: { game: number; learning: { game: number } }[] };
    expect(json.totals.games).toBe(1);
    expect(json.games[0]).toMatchObject({ game: 1, learning: { game: 1 } });
    expect(['tapes/learning.tap', 'tapes/memory.tap'].map(digest)).toEqual(bundled);
  });

  it('Ctrl-C, delivered twice at once as npm and tsx relay it, stops after the game in play with the way to go on', async () => {
    const state = join(dir, 'b');
    const r = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = spawn(process.execPath, args(['start', '--games', '3', '--state', state]), { env: { ...process.env, NO_COLOR: '1' } });
      let [stdout, stderr] = ['', ''];
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (/^game 1 /m.test(stdout) && !child.killed) {
          child.kill('SIGINT');
          child.kill('SIGINT');
        }
      });
      child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
      child.on('close', (code) => done({ code, stderr }));
    });
    expect(r.code, r.stderr).toBe(130);
    const j = loadJournal(join(state, 'selfplay'))!;
    expect(j.interruptions).toBe(1);
    expect(r.stderr).toContain(`${j.games.length} of 3 games done — \`npm start\` goes on from here`);
  });
});
