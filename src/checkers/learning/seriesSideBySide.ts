// Several of Samuel's series at once (seeds of one experiment): one series to a worker thread, as
// many threads as cores. A series is a pure function of its options, so a thread plays the run this
// thread would; each game's end comes back on a port of its own, for the progress lines.

import { MessageChannel } from 'node:worker_threads';
import type { TaskPool } from '../../tournament/pool.ts';
import { runSeries, type SeriesOptions, type SeriesProgress, type SeriesRun } from './series.ts';

/**
 * Play every series and give their runs in the same order, each also to `onRun` as it ends. One
 * series is played in this thread (no thread to start, and the pool's modules not even loaded:
 * 55 ms of a command's start); several side by side, at most `threads` at a time.
 */
export async function playSeriesSideBySide(all: readonly SeriesOptions[], onRun?: (i: number, run: SeriesRun) => void, threads?: number): Promise<SeriesRun[]> {
  if (all.length <= 1) {
    return Promise.all(all.map(async (o, i) => {
      const run = await runSeries(o);
      onRun?.(i, run);
      return run;
    }));
  }
  const { onPool } = await import('../../tournament/pool.ts');
  return onPool(all.length, (pool, i) => {
    const { onGame, ...options } = all[i]!;
    return playOnThread(pool, options, onGame);
  }, onRun, threads);
}

async function playOnThread(pool: TaskPool, options: Omit<SeriesOptions, 'onGame'>, onGame: SeriesOptions['onGame']): Promise<SeriesRun> {
  const { port1, port2 } = new MessageChannel();
  // The thread's last message says the series is over: every game's line has come by then.
  const ended = new Promise<void>((resolve) => port1.on('message', (m: SeriesProgress) => ('end' in m ? resolve() : onGame?.(m.game, m))));
  try {
    const run = await pool.run({ task: 'series', options, progress: port2 });
    await ended;
    return run;
  } finally {
    port1.close();
  }
}
