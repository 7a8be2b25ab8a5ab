// Games on every core (and HG's board batches, Samuel's learning series): a piscina pool of worker
// threads, each with its own emulated 704s. Results are put back in schedule order, and every game
// is a pure function of its job (its own seed), so any number of workers gives the records a
// one-worker run gives. A game whose worker fails is played again (at most `retries` times).

import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { GameJob, GameRecord } from './game.ts';
import { perform, type Task, type TaskResult, type ThreadTask } from './worker.ts';

/** piscina types its transferList from MessagePort.postMessage's last overload (an options object), but wants an array. */
type TransferList = NonNullable<Parameters<Piscina['run']>[1]>['transferList'];

export const allCores = (): number => availableParallelism();

export interface PoolOptions<R = GameRecord> {
  /** Worker threads; 0 plays in this thread. */
  workers: number;
  retries?: number;
  /** Each record as it arrives (in completion order). */
  onGame?: (r: R) => void;
  /** Stop handing out games (those running finish). */
  signal?: { stopped: boolean };
}

/** Play `jobs`; the records come back sorted by job index (those not played when stopped are missing). */
export const playAll = (jobs: readonly GameJob[], o: PoolOptions): Promise<GameRecord[]> => runAll(jobs, o);

/** Where tasks are played: this machine's threads (TaskPool) or a queue's workers (queue.ts QueueRunner). */
export interface Runner {
  /** How many tasks a batch keeps in flight at once. */
  readonly lanes: number;
  run<T extends Task>(task: T): Promise<TaskResult<T>>;
  close(): Promise<void>;
}

/**
 * Worker threads kept for many batches (evolution runs thousands): `run` plays one task there, or
 * in this thread when `workers` is 0.
 */
export class TaskPool implements Runner {
  private readonly pool: Piscina | null;

  get lanes(): number {
    return Math.max(1, this.workers);
  }

  constructor(readonly workers: number) {
    this.pool = workers > 0
      ? new Piscina({ filename: new URL(import.meta.url.endsWith('.js') ? './worker.js' : './worker.mjs', import.meta.url).href, minThreads: workers, maxThreads: workers, idleTimeout: 60_000 })
      : null;
  }

  run<T extends ThreadTask>(task: T): Promise<TaskResult<T>> {
    const port = 'progress' in task ? task.progress : undefined; // a series' port moves to the thread
    return this.pool ? (this.pool.run(task, { transferList: (port ? [port] : undefined) as TransferList }) as Promise<TaskResult<T>>) : perform(task);
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}

/**
 * `count` pieces of work side by side on a pool of at most `threads` worker threads (no more than
 * the pieces; with one piece, or `threads` 0, they run in this thread): `play` does piece i with
 * the pool, each result goes to `onDone` as it ends, and the results come back in order.
 */
export async function onPool<R>(count: number, play: (pool: TaskPool, i: number) => Promise<R>, onDone?: (i: number, r: R) => void, threads = allCores()): Promise<R[]> {
  const pool = new TaskPool(count > 1 ? Math.min(threads, count) : 0);
  try {
    return await Promise.all(Array.from({ length: count }, async (_, i) => {
      const r = await play(pool, i);
      onDone?.(i, r);
      return r;
    }));
  } finally {
    await pool.close();
  }
}

/** Run tasks (games, or HG's board batches) the same way, on a pool of `workers` of their own or on `pool`. */
export async function runAll<T extends Task>(jobs: readonly T[], o: Omit<PoolOptions<TaskResult<T>>, 'workers'> & ({ workers: number; pool?: undefined } | { pool: Runner })): Promise<TaskResult<T>[]> {
  type R = TaskResult<T>;
  const retries = o.retries ?? 2;
  const records: R[] = [];
  const done = (r: R): void => {
    records.push(r);
    o.onGame?.(r);
  };
  const pool = o.pool ?? new TaskPool(o.workers);
  const lanes = pool.lanes;
  try {
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < jobs.length && !o.signal?.stopped) {
        const job = jobs[next++]!;
        for (let attempt = 0; ; attempt++) {
          try {
            done(await pool.run(job));
            break;
          } catch (e) {
            if (attempt >= retries) throw new Error(`task ${job.index} failed ${attempt + 1} times: ${(e as Error).message}`);
          }
        }
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
  } finally {
    if (!o.pool) await pool.close();
  }
  return records.sort((a, b) => a.index - b.index);
}
