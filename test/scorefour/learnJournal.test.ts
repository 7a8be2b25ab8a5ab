// Where a journalled learning run stands (learnJournal.ts): the RESUME card it needs, or its end by
// Findler's rules (version A: a series that changed nothing; version B: the factor down to 0) or the cap.

import { describe, expect, it } from 'vitest';
import { ended, goOn, type LearnJournal, type LearnSettings } from '../../src/scorefour/learnJournal.ts';

const settings = (version: 'A' | 'B', series = 125): LearnSettings => ({ version, series, step: 5, depth: 2, coef: [100, 200, 300], aggression: false, stage1: 0 });

describe('goOn', () => {
  it('a fresh run starts from its coefficients with no RESUME card', () => {
    expect(goOn({ settings: settings('B'), series: [] })).toEqual({ coef: [100, 200, 300], resume: [] });
  });

  it('version B: 0.95 again after a change, else 0.05 less; ended at 0', () => {
    const j: LearnJournal = { settings: settings('B'), series: [{ n: 1, coef: [100, 190, 300], factor: 95 }] };
    expect(goOn(j)).toEqual({ coef: [100, 190, 300], resume: ['RESUME 1 6 95'] });
    j.series.push({ n: 2, coef: [100, 190, 300], factor: 95 });
    expect(goOn(j)!.resume).toEqual(['RESUME 2 12 90']);
    j.series.push({ n: 3, coef: [100, 190, 300], factor: 5 });
    expect(goOn(j)).toBeNull();
    expect(ended(j)).toEqual({ coef: [100, 190, 300], series: 3, games: 18 });
  });

  it('version A: on after a series that changed a coefficient, ended after one that did not; the cap ends both', () => {
    const j: LearnJournal = { settings: settings('A'), series: [{ n: 1, coef: [105, 200, 300] }] };
    expect(goOn(j)).toEqual({ coef: [105, 200, 300], resume: ['RESUME 1 12 0'] });
    j.series.push({ n: 2, coef: [105, 200, 300] });
    expect(goOn(j)).toBeNull();
    expect(goOn({ settings: settings('A', 1), series: [{ n: 1, coef: [105, 200, 300] }] })).toBeNull();
    expect(goOn({ ...j, learned: { coef: [1, 2, 3], series: 2, games: 24 } })).toBeNull();
  });
});
