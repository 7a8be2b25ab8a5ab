// A piscina worker: one learning run or one tournament on a 704 of its own.

import { learnOnThe704, playTournament, type Heuristic, type Learnt, type Side, type Tournament } from './contest.ts';

export type Task =
  | { kind: 'learn'; start: number[]; heuristic: Heuristic; version: 'A' | 'B'; series: number; step: number; traps?: string }
  | { kind: 'tournament'; p1: Side; p2: Side; depth: number; traps?: string };

export default function run(task: Task): Learnt | Tournament {
  return task.kind === 'learn' ? learnOnThe704(task.start, task.heuristic, task.version, task.series, task.step, task.traps) : playTournament(task.p1, task.p2, task.depth, task.traps);
}
