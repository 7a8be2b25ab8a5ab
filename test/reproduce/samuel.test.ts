// samuel-series-1, samuel-series-2, samuel-alpha-vs-start: what they are built from, without
// playing a series (a series is 28 learning games; the runs are `samuel704 reproduce`'s): the
// starting tape, the cards, the comparison with Appendix C and the counts read off the tables.

import { describe, expect, it } from 'vitest';
import { decodeLearningTape, encodeLearningTape, untrainedState } from '../../src/checkers/learning/learningTape.ts';
import { seriesCards, termOrder, type SeriesRun } from '../../src/checkers/learning/series.ts';
import { newLearnStats, type LearnTerm } from '../../src/checkers/learning/learnPrint.ts';
import { APPENDIX_C, appendixCRows, blocks, leaders, powerBandRow, topChanges } from '../../src/reproduce/experiments/samuelLearning.ts';
import { allExperiments, EXPERIMENT_NAMES } from '../../src/reproduce/registry.ts';
import type { JournalGame } from '../../src/checkers/selfplay/journal.ts';

const term = (name: string, sign: '+' | '-', power: number, correlation = 0.3): LearnTerm => ({ name, correlation, sign, power, adjusted: 1 });

/** A run whose games end with the given leaders (one table a game). */
function runOf(leads: [string, '+' | '-'][]): SeriesRun {
  const games = leads.map(([name, sign], i) => {
    const learning = { ...newLearnStats(), game: i + 1, alphaResult: 'won' as const, terms: [term(name, sign, 18)] };
    return { round: i + 1, learning, moves: [] } as unknown as JournalGame;
  });
  return { games, final: untrainedState(termOrder(1)), seconds704: 0, instructions: 0 };
}

describe("Samuel's learning experiments", () => {
  it('are registered with their sources', async () => {
    const all = await allExperiments();
    expect(all.map((e) => e.name)).toEqual(EXPERIMENT_NAMES);
    expect(EXPERIMENT_NAMES).toEqual(expect.arrayContaining(['samuel-series-1', 'samuel-series-2', 'samuel-alpha-vs-start']));
    for (const e of all.filter((x) => ['samuel-series-1', 'samuel-series-2', 'samuel-alpha-vs-start'].includes(x.name))) expect(e.source).toContain('Samuel 1959');
  });

  it('a seed is an arbitrary selection of 16 of the 38 terms, all at 2^18, written on tape as the 704 writes it', () => {
    const order = termOrder(7);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 38 }, (_, i) => i + 1));
    expect(termOrder(7)).toEqual(order);
    expect(termOrder(8)).not.toEqual(order);
    const state = untrainedState(order);
    expect(state.alpha.map((a) => [a.term, a.coefficient, a.power])).toEqual(order.slice(0, 16).map((k) => [k, 2 ** 18, 18]));
    expect(state.reserve).toEqual(order.slice(16));
    expect(decodeLearningTape(encodeLearningTape(state)).state).toEqual(state);
  });

  it('series 2 reads series 1\'s tape and begins with *LEARN RESET', () => {
    expect(seriesCards({ series: 2, games: 2, reset: true, printEvery: 5 })).toEqual(['*LEARN SERIES 2', '*LEARN PRINT 5', '*LEARN TAPE', '*LEARN RESET', '*SELF', '*SELF', '*END']);
    expect(seriesCards({ series: 1, games: 1 })).toEqual(['*LEARN SERIES 1', '*LEARN TAPE', '*SELF', '*END']);
    expect(seriesCards({ series: 1, games: 1, giveaway: true })).toEqual(['*GIVEAWAY ON', '*LEARN SERIES 1', '*LEARN TAPE', '*SELF', '*END']);
  });

  it("Appendix C beside itself is the same row by row, and its powers follow the band", () => {
    const ours = APPENDIX_C.map((t) => ({ ...t }));
    expect(appendixCRows(ours).map((r) => r.verdict)).toEqual(Array(12).fill('same'));
    expect(powerBandRow(ours).verdict).toBe('same');
    const shuffled = [ours[1]!, ours[0]!, ...ours.slice(2, 11), { ...ours[11]!, name: 'GAP' }];
    expect(appendixCRows(shuffled).map((r) => r.verdict).slice(0, 2)).toEqual(['close', 'close']);
    expect(appendixCRows(shuffled)[11]!.verdict).toBe('differs');
  });

  it('changes at the top counted per block, with the terms involved and the reversals of sign', () => {
    const r = runOf([['MOB', '+'], ['MOB', '+'], ['DENY', '-'], ['MOB', '-'], ['MOB', '-'], ['CENT', '+'], ['CENT', '+']]);
    expect(topChanges(r, 1, 7)).toEqual({ changes: 3, terms: 3 });
    expect(topChanges(r, 4, 7)).toEqual({ changes: 2, terms: 3 }); // DENY→-MOB at game 4, -MOB→CENT at 6
    expect(leaders(r)).toEqual({ terms: 3, reversed: 1 });
    expect(blocks(['won', 'lost', 'drawn', 'won', 'won', 'won', 'won', 'lost'])).toEqual(['5-1-1', '0-1-0', '0-0-0', '0-0-0']);
  });
});
