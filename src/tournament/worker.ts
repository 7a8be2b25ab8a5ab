// A piscina worker: one emulated 704 at a time in this thread, one task at a time - a game, a
// batch of HG boards to score, one of Samuel's learning series, or book games followed with a
// polynomial.

import { isMainThread } from 'node:worker_threads';
import { programDeck } from '../checkers/program/deck.ts';
import { scoreBoards, type ScoreJob, type ScoreResult } from '../evolve/score.ts';
import { runSeriesJob, type SeriesJob, type SeriesRun } from '../checkers/learning/series.ts';
import { runBookJob, type BookJob, type Tally } from '../checkers/rote/bookCorrelation.ts';
import { playGame, type GameJob, type GameRecord } from './game.ts';

// A pool thread assembles and punches the deck as it starts (piscina counts it ready once this
// module is loaded), not inside its first game.
if (!isMainThread) programDeck();

/** What the queue's workers take too (queue.ts). */
export type Task = GameJob | ScoreJob;
/** What this machine's threads take (pool.ts): those, a learning series (whose port cannot cross machines) and a book run. */
export type ThreadTask = Task | SeriesJob | BookJob;
export type TaskResult<T> = T extends ScoreJob ? ScoreResult : T extends SeriesJob ? SeriesRun : T extends BookJob ? Tally : GameRecord;

export function perform<T extends ThreadTask>(task: T): Promise<TaskResult<T>> {
  if (!('task' in task)) return playGame(task) as Promise<TaskResult<T>>;
  switch (task.task) {
    case 'score': return scoreBoards(task) as Promise<TaskResult<T>>;
    case 'series': return runSeriesJob(task) as Promise<TaskResult<T>>;
    case 'book': return runBookJob(task) as Promise<TaskResult<T>>;
  }
}

export default perform;
