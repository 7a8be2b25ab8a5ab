// Samuel's series side by side (reproduce's seeds): played on worker threads, a series gives the run
// it gives in this thread, every game's progress line comes before its run, and a run is handed
// over as it ends.

import { describe, expect, it } from 'vitest';
import { untrainedState } from '../../src/checkers/learning/learningTape.ts';
import { runSeries, termOrder, type SeriesOptions, type SeriesRun } from '../../src/checkers/learning/series.ts';
import { playSeriesSideBySide } from '../../src/checkers/learning/seriesSideBySide.ts';

const GAMES = 2;
const options = (seed: number): SeriesOptions => ({ series: 1, games: GAMES, start: untrainedState(termOrder(seed)), printEvery: 5 });

describe('series side by side', () => {
  it('two seeds on two threads: the runs of this thread, with their progress', async () => {
    const seeds = [1, 2];
    const alone: SeriesRun[] = [];
    for (const seed of seeds) alone.push(await runSeries(options(seed)));
    const heard = new Map<number, { game: number; verdict: string | null }[]>(seeds.map((s) => [s, []]));
    const handed: number[] = [];
    const side = await playSeriesSideBySide(
      seeds.map((seed) => ({ ...options(seed), onGame: (game, end) => heard.get(seed)!.push({ game, verdict: end.verdict }) })),
      (i, run) => {
        handed.push(i);
        expect(heard.get(seeds[i]!)!.length, 'every game heard before the run').toBe(GAMES);
        expect(run).toEqual(alone[i]);
      },
      2,
    );
    expect(side).toEqual(alone);
    expect([...handed].sort()).toEqual([0, 1]);
    for (const [i, seed] of seeds.entries()) {
      expect(heard.get(seed)).toEqual(alone[i]!.games.map((g) => ({ game: g.round, verdict: g.learning!.verdict })));
    }
    expect(alone[0]!.instructions).not.toBe(alone[1]!.instructions); // two different series
  }, 120_000);
});
