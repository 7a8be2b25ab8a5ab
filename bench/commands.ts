// Whole commands as a user runs them (part of `npm run bench`, issue 16), each a process of its own
// from the compiled command line, wall and CPU seconds with the load average beside them (the
// machine is shared): `npm start` (three learning games from a fresh state folder, best of three,
// through npm and alone), Samuel's first series (its 3 seeds side by side, once), and his second
// series alone (`reproduce samuel-series-2` with series 1 kept from that run, median of three),
// with the 704 instructions it executed and the rate 5 s of wall time would need.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SeriesRun } from '../src/checkers/learning/series.ts';
import { packageRoot } from '../src/host/stateFolder.ts';

/** Wall and CPU seconds (user + system, as /usr/bin/time reports them) and the exit status of a child process. */
export function childCpu(command: string, args: string[], cwd?: string): { wall: number; cpu: number; status: number | null } {
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', command, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, cwd });
  const wall = (performance.now() - t0) / 1000;
  const line = r.stderr.trim().split('\n').at(-1) ?? '';
  const [u, s] = line.split(' ').map(Number);
  return { wall, cpu: (u ?? NaN) + (s ?? NaN), status: r.status };
}

const cli = join(packageRoot(), 'bin', 'samuel704.js');
const load = (): string => `load ${loadavg()[0]!.toFixed(1)}`;

/** `samuel704 ARGS` as a child process: wall and CPU seconds; throws when it fails. */
const command = (args: string[]): { wall: number; cpu: number } => timedOk(`samuel704 ${args.join(' ')}`, childCpu(process.execPath, [cli, ...args]));

function timedOk(what: string, r: ReturnType<typeof childCpu>): { wall: number; cpu: number } {
  if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status})`);
  return r;
}

export function benchCommands(): void {
  const dir = mkdtempSync(join(tmpdir(), 'samuel704-commands-'));
  try {
    // as the README has it (npm's own start-up included), then the command line alone
    const args = ['start', '--fresh', '--quiet', '--state', join(dir, 'state')];
    for (const [what, run] of [
      ['npm start', () => timedOk('npm start', childCpu('npm', ['start', '--silent', '--', ...args.slice(1)], packageRoot()))],
      ['samuel704 start', () => command(args)],
    ] as const) {
      const runs = [1, 2, 3].map(run);
      const best = (k: 'wall' | 'cpu'): string => Math.min(...runs.map((s) => s[k])).toFixed(2);
      console.log(`${what} (three learning games, fresh state; best of 3): ${best('wall')} s wall, ${best('cpu')} CPU-s; each ${runs.map((s) => `${s.wall.toFixed(2)}/${s.cpu.toFixed(2)}`).join(', ')} (wall/CPU), ${load()}`);
    }

    const s1 = command(['reproduce', 'samuel-series-1', '--out', join(dir, 'samuel-series-1')]); // kept in dir/cache for series 2
    console.log(`samuel-series-1 (3 seeds, side by side on the cores): ${s1.wall.toFixed(2)} s wall, ${s1.cpu.toFixed(2)} CPU-s, ${load()}`);
    // Three runs, series 2's own result forgotten before each: one run of five seconds moves by
    // 5-10% with the shared machine (docs/translator.md, session 15); the median is the figure.
    const kept = (): string | undefined => readdirSync(join(dir, 'cache')).find((f) => f.startsWith('series-2-'));
    const runs = [1, 2, 3].map(() => {
      const old = kept();
      if (old) rmSync(join(dir, 'cache', old));
      return command(['reproduce', 'samuel-series-2', '--out', join(dir, 'samuel-series-2')]);
    });
    const s2 = [...runs].sort((x, y) => x.wall - y.wall)[1]!;
    const run = JSON.parse(readFileSync(join(dir, 'cache', kept()!), 'utf8')) as SeriesRun;
    const rate = (s: number): string => `${(run.instructions / s / 1e6).toFixed(0)} M instructions a second`;
    console.log(`samuel-series-2 alone (28 games, series 1 kept; median of 3): ${s2.wall.toFixed(2)} s wall, ${s2.cpu.toFixed(2)} CPU-s; each ${runs.map((r) => `${r.wall.toFixed(2)}/${r.cpu.toFixed(2)}`).join(', ')} (wall/CPU), ${load()}; `
      + `${(run.instructions / 1e6).toFixed(0)} M 704 instructions (${rate(s2.cpu)} of CPU); 5 s of wall time would need ${rate(5)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
