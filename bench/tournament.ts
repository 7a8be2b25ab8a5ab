// Tournament throughput (issue 19): the same games played by one worker thread and by one per core,
// wall time, games a minute and the speed-up; and the Mańdziuk search's speed (positions a second
// of emulated 704 time and of wall time, against the paper's 55,000-100,000 a second).

import { allCores, playAll } from '../src/tournament/pool.ts';
import { schedule } from '../src/tournament/schedule.ts';
import type { Player } from '../src/tournament/players.ts';

const heuristic: Player = { kind: 'heuristic', name: '8F', heuristic: '8F', depth: 3, genes: [1, 1.5, 0.1, 0.1, 0.05, 0.05, -0.02, -0.03] };
const players: Player[] = [heuristic, { ...heuristic, name: '10F', heuristic: '10F', genes: [1, -1, 1.5, -1.5, 0.1, 0.1, 0.05, 0.05, -0.02, -0.03] }];

export async function benchTournament(): Promise<void> {
  const cores = allCores();
  const games = Math.max(8, 2 * cores);
  const jobs = schedule(players, { format: 'round-robin', games, ballots: [], seed: 11, giveaway: false });
  const rates: number[] = [];
  for (const workers of cores > 1 ? [1, cores] : [1]) {
    const t0 = performance.now();
    const records = await playAll(jobs, { workers });
    const wall = (performance.now() - t0) / 1000;
    const perMin = (60 * records.length) / wall;
    rates.push(perMin);
    const nodes = records.reduce((s, r) => s + r.nodes.reduce((a, b) => a + b, 0), 0);
    const moves = records.reduce((s, r) => s + r.moves.length, 0);
    const seconds704 = records.reduce((s, r) => s + r.seconds704, 0);
    console.log(`tournament, 8F against 10F at depth 3, ${records.length} games, ${workers} worker${workers === 1 ? ' ' : 's'}: ${wall.toFixed(1).padStart(6)} s wall, ${perMin.toFixed(1).padStart(6)} games/min`);
    if (workers === 1) {
      console.log(`  Mańdziuk search: ${moves} moves, ${nodes} positions, ${(nodes / seconds704).toFixed(0)} positions per 704-second, ${(nodes / wall).toFixed(0)} per wall-second; ${(seconds704 / moves).toFixed(2)} 704-s a move`);
    }
  }
  if (rates.length === 2) console.log(`  speed-up with ${cores} workers: ${(rates[1]! / rates[0]!).toFixed(2)}x`);
}
