// reproduce broeker-tables: how a contest of ours is read against Broeker's (his 1.96 threshold and
// the sign of the average), and the experiment's listing.

import { describe, expect, it } from 'vitest';
import { broekerTables, judgeRow, reading } from '../../src/reproduce/experiments/broeker-tables.ts';
import { findExperiment } from '../../src/reproduce/registry.ts';

describe('broeker-tables', () => {
  it("reads a contest as Broeker does: t below 1.96 equal, else the sign says who is better", () => {
    expect(reading(-4.38, 10.319)).toBe('second better');
    expect(reading(0.64, 1.353)).toBe('equal');
    expect(reading(1.79, 5.072)).toBe('first better');
  });

  it('same reading: same; same sign only: close; else differs', () => {
    expect(judgeRow({ mean: -0.74, t: 4.002 }, -1.2, 3.1)).toBe('same');
    expect(judgeRow({ mean: -0.74, t: 4.002 }, -0.2, 0.9)).toBe('close');
    expect(judgeRow({ mean: -0.74, t: 4.002 }, 0.4, 2.5)).toBe('differs');
    expect(judgeRow({ mean: 0.64, t: 1.353 }, -0.1, 0.5)).toBe('same');
  });

  it('is listed, with its quick run', async () => {
    expect(await findExperiment('broeker-tables')).toBe(broekerTables);
    expect(broekerTables.expectedQuick).toBeDefined();
  });
});
