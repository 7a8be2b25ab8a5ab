// Games beyond one machine: the same game jobs through BullMQ on Redis. The coordinator puts every
// game on a queue (job id = the game's index, so a job is never queued twice) and waits for the
// records; `samuel704 tournament-worker` processes on any number of machines take games one at a
// time and play them (game.ts). A worker that dies mid-game loses its lock; after `lockMs` the
// job is stalled, goes back on the queue and another worker plays it again. A game is a pure
// function of its job, so the records are those of a one-process run.

import { Queue, QueueEvents, Worker } from 'bullmq';
import { playGame, type GameJob, type GameRecord } from './game.ts';

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

export interface WorkerOptions {
  redis: RedisPlace;
  queue: string;
  /** How long a game's lock lasts without renewal: a dead worker's game is played again after it. */
  lockMs?: number;
  onGame?: (r: GameRecord) => void;
}

/** A worker taking games from the queue until closed; resolves with the Worker (close() to stop). */
export async function startQueueWorker(o: WorkerOptions): Promise<Worker> {
  const lockDuration = o.lockMs ?? 30_000;
  const worker = new Worker(o.queue, async (job) => {
    const r = await playGame(job.data as GameJob);
    o.onGame?.(r);
    return r;
  }, { connection: { ...o.redis, maxRetriesPerRequest: null }, concurrency: 1, lockDuration, stalledInterval: Math.max(500, Math.floor(lockDuration / 2)), maxStalledCount: 5 });
  await worker.waitUntilReady();
  return worker;
}
