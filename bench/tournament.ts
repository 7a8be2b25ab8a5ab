// Tournament throughput (issue 19): the same games played by one worker thread and by one per core,
// games a minute and the speed-up; and the Mańdziuk search's speed (positions a second of emulated
// 704 time and of wall time, against the paper's 55,000-100,000 a second).
//
// A pool thread's start-up (loading the modules, assembling the deck, V8 compiling the emulator in
// that thread's first game) is paid once per thread per run, so it is timed apart: each pool first
// plays one game per thread, then the timed games. The load average is printed beside the figures:
// on a shared 2-core machine a second worker only gets a second core when nobody else wants it.
// So the CPU-seconds a game (the whole process: every thread) are printed too: equal with 1 and N
// workers means the games do not slow each other (no shared lock, cache or memory fight), and N
// free cores give N times the games. And just before each run the machine itself is measured:
// threads of plain JavaScript arithmetic, 1 and then N at once; N x (time of 1) / (time of N) is
// the speed-up the machine offered at that moment, and the pool's speed-up is set against it.

import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { allCores, runAll, TaskPool } from '../src/tournament/pool.ts';
import { schedule } from '../src/tournament/schedule.ts';
import type { Player } from '../src/tournament/players.ts';

const heuristic: Player = { kind: 'heuristic', name: '8F', heuristic: '8F', depth: 3, genes: [1, 1.5, 0.1, 0.1, 0.05, 0.05, -0.02, -0.03] };
const players: Player[] = [heuristic, { ...heuristic, name: '10F', heuristic: '10F', genes: [1, -1, 1.5, -1.5, 0.1, 0.1, 0.05, 0.05, -0.02, -0.03] }];

const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');

const SPIN = 'let x = 0; for (let i = 0; i < 2e8; i++) x = (x + i * 7) % 1000003; if (x < 0) throw new Error(String(x));';

/** Wall seconds for `threads` threads each doing the same fixed arithmetic at once. */
async function spin(threads: number): Promise<number> {
  const t0 = performance.now();
  await Promise.all(Array.from({ length: threads }, () => new Promise<void>((resolve, reject) => {
    const w = new Worker(SPIN, { eval: true });
    w.once('exit', () => resolve());
    w.once('error', reject);
  })));
  return (performance.now() - t0) / 1000;
}

export async function benchTournament(): Promise<void> {
  const cores = allCores();
  const games = Number(process.env.BENCH_GAMES ?? 30 * cores);
  const jobs = schedule(players, { format: 'round-robin', games, ballots: [], seed: 11, giveaway: false });
  const rates: number[] = [];
  const cpus: number[] = [];
  const spins: number[] = [];
  console.log(`\nTournament, 8F against 10F at depth 3 (load average before: ${load()}):`);
  for (const workers of cores > 1 ? [1, cores] : [1]) {
    spins.push(await spin(workers));
    const t0 = performance.now();
    const pool = new TaskPool(workers);
    try {
      await runAll(schedule(players, { format: 'round-robin', games: workers, ballots: [], seed: 12, giveaway: false }), { pool });
      const t1 = performance.now();
      const c1 = process.cpuUsage();
      const records = await runAll(jobs, { pool });
      const wall = (performance.now() - t1) / 1000;
      const cpu = process.cpuUsage(c1);
      const cpuPerGame = (cpu.user + cpu.system) / 1e6 / records.length;
      cpus.push(cpuPerGame);
      const perMin = (60 * records.length) / wall;
      rates.push(perMin);
      console.log(`  ${workers} worker${workers === 1 ? ' ' : 's'}: start-up and a first game per thread ${((t1 - t0) / 1000).toFixed(1)} s; then ${records.length} games in ${wall.toFixed(1)} s wall, ${perMin.toFixed(1).padStart(6)} games/min, ${cpuPerGame.toFixed(3)} CPU-s a game (load ${load()})`);
      if (workers === 1) {
        const nodes = records.reduce((s, r) => s + r.nodes.reduce((a, b) => a + b, 0), 0);
        const moves = records.reduce((s, r) => s + r.moves.length, 0);
        const seconds704 = records.reduce((s, r) => s + r.seconds704, 0);
        console.log(`  Mańdziuk search: ${moves} moves, ${nodes} positions, ${(nodes / seconds704).toFixed(0)} positions per 704-second, ${(nodes / wall).toFixed(0)} per wall-second; ${(seconds704 / moves).toFixed(2)} 704-s a move`);
      }
    } finally {
      await pool.close();
    }
  }
  if (rates.length === 2) {
    const offered = (cores * spins[0]!) / spins[1]!;
    console.log(`  speed-up with ${cores} workers: ${(rates[1]! / rates[0]!).toFixed(2)}x wall (BENCH_GAMES=n for another number of games); CPU a game ${(cpus[1]! / cpus[0]!).toFixed(2)}x one worker's, so ${((cores * cpus[0]!) / cpus[1]!).toFixed(2)}x on ${cores} free cores`);
    console.log(`  the machine offered ${offered.toFixed(2)}x to ${cores} threads of plain arithmetic just before (1 thread ${spins[0]!.toFixed(2)} s, ${cores} at once ${spins[1]!.toFixed(2)} s): the pool got ${((rates[1]! / rates[0]!) / offered * 100).toFixed(0)}% of that`);
  }
}
