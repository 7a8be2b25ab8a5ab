// The tournament and evolution through BullMQ on a real Redis (Debian's redis-server, started here
// on a free localhost port): worker processes take the games; one is killed while it plays a game,
// two more take over, and the records equal a one-process run; an HG run whose random games and
// board scores go to two worker processes ends as the same run in one process. Skipped, saying so,
// without redis-server.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newHg, runHg } from '../../src/evolve/hg.ts';
import type { GameJob } from '../../src/tournament/game.ts';
import type { Player } from '../../src/tournament/players.ts';
import { TaskPool, playAll } from '../../src/tournament/pool.ts';
import { QueueRunner, playOnQueue } from '../../src/tournament/queue.ts';
import { schedule } from '../../src/tournament/schedule.ts';

const haveRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!haveRedis) console.warn('redis-server is not installed (Debian package redis-server): the BullMQ tournament test is skipped');

const freePort = (): Promise<number> => new Promise((resolve, reject) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const port = (s.address() as { port: number }).port;
    s.close(() => resolve(port));
  });
  s.on('error', reject);
});

const started: ChildProcess[] = [];
afterAll(() => { for (const p of started) if (p.exitCode === null) p.kill('SIGKILL'); });

function start(cmd: string, args: string[], ready?: RegExp): Promise<ChildProcess> {
  const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(p);
  if (!ready) return Promise.resolve(p);
  return new Promise((resolve, reject) => {
    let seen = '';
    const look = (d: Buffer): void => {
      seen += d.toString();
      if (ready.test(seen)) resolve(p);
    };
    p.stdout!.on('data', look);
    p.stderr!.on('data', look);
    p.on('exit', (code) => reject(new Error(`${cmd} exited (${code}): ${seen}`)));
  });
}

const worker = (port: number, queue: string): Promise<ChildProcess> =>
  start(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'tournament-worker', '--redis', `redis://127.0.0.1:${port}`, '--queue', queue, '--lock', '3000'], /worker on/);

describe.skipIf(!haveRedis)('a tournament through BullMQ on Redis', () => {
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    await start('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], /Ready to accept connections/);
  }, 60_000);

  it('gives the one-process records though a worker is killed mid-game', async () => {
    const h: Player = { kind: 'heuristic', name: '8F', heuristic: '8F', depth: 2, genes: [1, 1.5, 0.1, 0.1, 0.05, 0.05, -0.02, -0.03] };
    const fen = 'B:W21,22,25,26,30:B1,5,6,9,12';
    const jobs: GameJob[] = schedule([h, { kind: 'null', name: 'null', depth: 2 }],
      { format: 'round-robin', games: 2, ballots: [{ number: 0, moves: [], status: '', name: '', fen }], seed: 6, giveaway: false });
    const alone = await playAll(jobs, { workers: 0 });

    const first = await worker(port, 'q');
    const queued = playOnQueue(jobs, { redis: { host: '127.0.0.1', port }, queue: 'q' });
    const watch = new Queue('q', { connection: { host: '127.0.0.1', port } });
    while ((await watch.getActiveCount()) === 0) await new Promise((r) => setTimeout(r, 100));
    first.kill('SIGKILL'); // mid-game: its lock lapses and the game is played again
    await Promise.all([worker(port, 'q'), worker(port, 'q')]);
    const records = await queued;
    await watch.close();
    expect(records).toEqual(alone);
  }, 300_000);

  it('evolves (HG: random games and board scores) with two worker processes as in one process', async () => {
    const settings = () => newHg({ heuristic: '8F', giveaway: false, seed: 8, population: 12, tournament: 3, mutation: 0.05, renew: 0.8, boards: 6, fresh: 0.5, generations: 60, depth: 1, firstBand: [4, 4], bandStep: 6 });
    const quiet = { stage: () => {}, progress: () => {}, save: () => {} };
    const alone = settings();
    const pool = new TaskPool(0);
    await runHg(alone, pool, quiet, { stopped: false });
    await pool.close();
    await Promise.all([worker(port, 'evolve'), worker(port, 'evolve')]);
    const queued = settings();
    const runner = new QueueRunner({ redis: { host: '127.0.0.1', port }, queue: 'evolve' });
    await runHg(queued, runner, quiet, { stopped: false });
    const watch = new Queue('evolve', { connection: { host: '127.0.0.1', port } });
    const counts = await watch.getJobCounts('completed');
    await watch.close();
    await runner.close();
    expect(alone.done).toBe(true);
    expect(JSON.stringify(queued)).toBe(JSON.stringify(alone));
    expect(counts.completed).toBeGreaterThan(2); // the random games and the scoring went through the queue
  }, 300_000);
});
