// Games on every core: a piscina pool of worker threads, each with its own emulated 704s. Results
// are put back in schedule order, and every game is a pure function of its job (its own seed), so
// any number of workers gives the records a one-worker run gives. A game whose worker fails is
// played again (at most `retries` times).

import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { playGame, type GameJob, type GameRecord } from './game.ts';

export const allCores = (): number => availableParallelism();

export interface PoolOptions {
  /** Worker threads; 0 plays in this thread. */
  workers: number;
  retries?: number;
  /** Each record as it arrives (in completion order). */
  onGame?: (r: GameRecord) => void;
  /** Stop handing out games (those running finish). */
  signal?: { stopped: boolean };
}

/** Play `jobs`; the records come back sorted by job index (those not played when stopped are missing). */
export async function playAll(jobs: readonly GameJob[], o: PoolOptions): Promise<GameRecord[]> {
  const retries = o.retries ?? 2;
  const records: GameRecord[] = [];
  const done = (r: GameRecord): void => {
    records.push(r);
    o.onGame?.(r);
  };
  const withRetry = async (job: GameJob, play: (j: GameJob) => Promise<GameRecord>): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      try {
        done(await play(job));
        return;
      } catch (e) {
        if (attempt >= retries) throw new Error(`game ${job.index} failed ${attempt + 1} times: ${(e as Error).message}`);
      }
    }
  };
  if (o.workers <= 0) {
    for (const job of jobs) {
      if (o.signal?.stopped) break;
      await withRetry(job, playGame);
    }
  } else {
    const pool = new Piscina({ filename: new URL('./worker.mjs', import.meta.url).href, minThreads: o.workers, maxThreads: o.workers, idleTimeout: 1000 });
    try {
      let next = 0;
      const lane = async (): Promise<void> => {
        while (next < jobs.length && !o.signal?.stopped) {
          const job = jobs[next++]!;
          await withRetry(job, (j) => pool.run(j) as Promise<GameRecord>);
        }
      };
      await Promise.all(Array.from({ length: o.workers }, lane));
    } finally {
      await pool.destroy();
    }
  }
  return records.sort((a, b) => a.index - b.index);
}
