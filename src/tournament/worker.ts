// A piscina worker: one emulated 704 at a time in this thread, one task at a time - a game, or a
// batch of HG boards to score.

import { isMainThread } from 'node:worker_threads';
import { programDeck } from '../checkers/program/deck.ts';
import { scoreBoards, type ScoreJob, type ScoreResult } from '../evolve/score.ts';
import { playGame, type GameJob, type GameRecord } from './game.ts';

// A pool thread assembles and punches the deck as it starts (piscina counts it ready once this
// module is loaded), not inside its first game.
if (!isMainThread) programDeck();

export type Task = GameJob | ScoreJob;
export type TaskResult<T> = T extends ScoreJob ? ScoreResult : GameRecord;

export function perform<T extends Task>(task: T): Promise<TaskResult<T>> {
  return ('task' in task ? scoreBoards(task) : playGame(task)) as Promise<TaskResult<T>>;
}

export default perform;
