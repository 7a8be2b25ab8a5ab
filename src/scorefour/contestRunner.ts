// Contests on every core: learning runs and tournaments go to a piscina pool of worker threads,
// each with its own emulated 704 (with one worker they run here, in order).

import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { gridSample, heuristicOf, judge, learnOnThe704, playTournament, type ContestResult, type Learnt, type Player, type Side, type Tournament } from './contest.ts';
import type { Task } from './contestWorker.ts';

export interface RunOptions {
  /** Tournaments (grid vectors), 125 for Broeker's contests. */
  tournaments: number;
  /** Most series of a learning run (Broeker: 125). */
  series: number;
  /** Version A's step, per cent. */
  step: number;
  depth: number;
  workers: number;
  /** A traps tape whose table the pattern players use (only read). */
  traps?: string;
}

/** A learning run's key: the grid vector, the heuristic (aggression, and Stage 1's level when it has one), the version. */
export const learnKey = (g: readonly number[], p: Player): string => `${g.join(',')}|${p.aggression}${p.stage1 ? `|S${p.stage1}` : ''}|${p.learn}`;

export const defaultWorkers = (): number => Math.max(1, availableParallelism());

/** Runs tasks on the pool (or here with one worker); learning runs are kept, keyed by what they start from. */
export class ContestRunner {
  private readonly pool: Piscina | null;
  private readonly learnt = new Map<string, Promise<Learnt>>();

  /** `known`: learning runs from an earlier, interrupted run (key as in `learning()`). */
  constructor(private readonly o: RunOptions, known: readonly { key: string; learnt: Learnt }[] = []) {
    for (const k of known) this.learnt.set(k.key, Promise.resolve(k.learnt));
    this.pool = o.workers > 1
      ? new Piscina({ filename: new URL(import.meta.url.endsWith('.js') ? './contestWorker.js' : './contestWorker.mjs', import.meta.url).href, maxThreads: o.workers, minThreads: o.workers })
      : null;
  }

  private traps(): { traps?: string } {
    return this.o.traps ? { traps: this.o.traps } : {};
  }

  private run<T>(task: Task): Promise<T> {
    if (this.pool) return this.pool.run(task) as Promise<T>;
    return Promise.resolve((task.kind === 'learn' ? learnOnThe704(task.start, task.heuristic, task.version, task.series, task.step, task.traps) : playTournament(task.p1, task.p2, task.depth, task.traps)) as T);
  }

  /** A player's coefficients on grid vector `g`: g itself, or what the 704 learnt from g. */
  side(p: Player, g: number[]): Promise<Side> {
    const heuristic = heuristicOf(p);
    if (!p.learn) return Promise.resolve({ coef: g, ...heuristic });
    const key = learnKey(g, p);
    let l = this.learnt.get(key);
    if (!l) {
      l = this.run<Learnt>({ kind: 'learn', start: g, heuristic, version: p.learn, series: this.o.series, step: this.o.step, ...this.traps() });
      this.learnt.set(key, l);
    }
    return l.then((x) => ({ coef: x.coef, ...heuristic }));
  }

  /** The learning runs made so far (grid vector, player) and their results. */
  async learning(): Promise<{ key: string; learnt: Learnt }[]> {
    return Promise.all([...this.learnt].map(async ([key, l]) => ({ key, learnt: await l })));
  }

  /**
   * One contest of `count` tournaments (the runner's count unless given). `done` holds tournaments already
   * played (by grid index, from an interrupted run); `onTournament` sees each new one as it
   * finishes, with the count done of the total.
   */
  async contest(p1: Player, p2: Player, onTournament?: (index: number, t: Tournament, done: number, total: number) => void, done: ReadonlyMap<number, Tournament> = new Map(), count = this.o.tournaments): Promise<ContestResult & { seconds: number; tournaments: Tournament[] }> {
    const grid = gridSample(count);
    let finished = done.size;
    const tournaments = await Promise.all(grid.map(async (g, i) => {
      const old = done.get(i);
      if (old) return old;
      const [a, b] = await Promise.all([this.side(p1, g), this.side(p2, g)]);
      const t = await this.run<Tournament>({ kind: 'tournament', p1: a, p2: b, depth: this.o.depth, ...this.traps() });
      onTournament?.(i, t, ++finished, grid.length);
      return t;
    }));
    return { ...judge(tournaments.map((t) => t.d)), seconds: tournaments.reduce((s, t) => s + t.seconds, 0), tournaments };
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}
