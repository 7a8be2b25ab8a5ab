// Games beyond one machine: the same jobs through BullMQ on Redis. A tournament's coordinator puts
// every game on a queue (job id = the game's index, so a job is never queued twice) and waits for
// the records; an evolution's (QueueRunner) puts each batch's tasks - games, or HG's boards to
// score - there as the pool would run them, each under an id made from its content. `samuel704
// tournament-worker` processes on any number of machines take tasks one at a time and perform them
// (worker.ts). A worker that dies mid-task loses its lock; after `lockMs` the job is stalled, goes
// back on the queue and another worker performs it again. A task is a pure function of its job, so
// the results are those of a one-process run.

import { createHash } from 'node:crypto';
import { Queue, QueueEvents, Worker } from 'bullmq';
import type { GameJob, GameRecord } from './game.ts';
import type { Runner } from './pool.ts';
import { perform, type Task, type TaskResult } from './worker.ts';

export interface RedisPlace {
  host: string;
  port: number;
}

/** `redis://host:port` (or host:port) as a connection. */
export function redisPlace(url: string): RedisPlace {
  const m = /^(?:redis:\/\/)?([^:/]+)(?::(\d+))?\/?$/.exec(url);
  if (!m) throw new Error(`--redis ${url}: give redis://host:port`);
  return { host: m[1]!, port: m[2] ? Number(m[2]) : 6379 };
}

export interface QueueOptions {
  redis: RedisPlace;
  /** The queue's name: one per tournament. */
  queue: string;
  onGame?: (r: GameRecord) => void;
}

/** Queue the jobs and wait for every record; they come back sorted by job index. */
export async function playOnQueue(jobs: readonly GameJob[], o: QueueOptions): Promise<GameRecord[]> {
  const connection = { ...o.redis, maxRetriesPerRequest: null };
  const queue = new Queue(o.queue, { connection });
  const events = new QueueEvents(o.queue, { connection });
  try {
    await events.waitUntilReady();
    const added = await queue.addBulk(jobs.map((job) => ({
      name: 'game', data: job, opts: { jobId: `game-${job.index}`, attempts: 3, removeOnComplete: false, removeOnFail: false },
    })));
    const records = await Promise.all(added.map(async (j) => {
      const r = (await j.waitUntilFinished(events)) as GameRecord;
      o.onGame?.(r);
      return r;
    }));
    return records.sort((a, b) => a.index - b.index);
  } finally {
    await events.close();
    await queue.close();
  }
}

/**
 * An evolution's tasks through the queue: every task of a batch is queued at once (the workers,
 * wherever they are, set the pace) under the hash of its content, so a coordinator restarted after
 * a kill finds the results of tasks already performed instead of queueing them twice.
 */
export class QueueRunner implements Runner {
  readonly lanes = 1_000;
  private readonly queue: Queue;
  private readonly events: QueueEvents;

  constructor(o: { redis: RedisPlace; queue: string }) {
    const connection = { ...o.redis, maxRetriesPerRequest: null };
    this.queue = new Queue(o.queue, { connection });
    this.events = new QueueEvents(o.queue, { connection });
  }

  async run<T extends Task>(task: T): Promise<TaskResult<T>> {
    await this.events.waitUntilReady();
    const id = createHash('sha256').update(JSON.stringify(task)).digest('hex').slice(0, 32);
    const job = await this.queue.add('task' in task ? 'score' : 'game', task, {
      jobId: id, attempts: 3, removeOnComplete: { age: 7 * 24 * 3600 }, removeOnFail: false,
    });
    return (await job.waitUntilFinished(this.events)) as TaskResult<T>;
  }

  async close(): Promise<void> {
    await this.events.close();
    await this.queue.close();
  }
}

export interface WorkerOptions {
  redis: RedisPlace;
  queue: string;
  /** How long a task's lock lasts without renewal: a dead worker's task is performed again after it. */
  lockMs?: number;
  /** Each task done: a game's record, or a batch of scored boards. */
  onTask?: (r: TaskResult<Task>) => void;
}

/** A worker taking tasks (games, HG's boards) from the queue until closed; resolves with the Worker (close() to stop). */
export async function startQueueWorker(o: WorkerOptions): Promise<Worker> {
  const lockDuration = o.lockMs ?? 30_000;
  const worker = new Worker(o.queue, async (job) => {
    const r = await perform(job.data as Task);
    o.onTask?.(r);
    return r;
  }, { connection: { ...o.redis, maxRetriesPerRequest: null }, concurrency: 1, lockDuration, stalledInterval: Math.max(500, Math.floor(lockDuration / 2)), maxStalledCount: 5 });
  await worker.waitUntilReady();
  return worker;
}
