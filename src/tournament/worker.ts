// A piscina worker: one emulated 704 at a time in this thread, one task at a time - a game, a
// batch of HG boards to score, or one of Samuel's learning series.

import { isMainThread } from 'node:worker_threads';
import { programDeck } from '../checkers/program/deck.ts';
import { scoreBoards, type ScoreJob, type ScoreResult } from '../evolve/score.ts';
import { runSeriesJob, type SeriesJob, type SeriesRun } from '../checkers/learning/series.ts';
import { playGame, type GameJob, type GameRecord } from './game.ts';

// A pool thread assembles and punches the deck as it starts (piscina counts it ready once this
// module is loaded), not inside its first game.
if (!isMainThread) programDeck();

/** What the queue's workers take too (queue.ts). */
export type Task = GameJob | ScoreJob;
/** What this machine's threads take (pool.ts): those, and a learning series, whose port cannot cross machines. */
export type ThreadTask = Task | SeriesJob;
export type TaskResult<T> = T extends ScoreJob ? ScoreResult : T extends SeriesJob ? SeriesRun : GameRecord;

export function perform<T extends ThreadTask>(task: T): Promise<TaskResult<T>> {
  if (!('task' in task)) return playGame(task) as Promise<TaskResult<T>>;
  return (task.task === 'score' ? scoreBoards(task) : runSeriesJob(task)) as Promise<TaskResult<T>>;
}

export default perform;
