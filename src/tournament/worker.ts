// A piscina worker: one emulated 704 at a time in this thread, one game a task.

import { playGame, type GameJob, type GameRecord } from './game.ts';

export default function play(job: GameJob): Promise<GameRecord> {
  return playGame(job);
}
