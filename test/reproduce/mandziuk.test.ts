// The Mańdziuk experiments are registered with their expected times, and the pruning efficiency is
// the paper's 1 - n/s (section 7.2) with s the full tree of branching factor b to depth d.

import { describe, expect, it } from 'vitest';
import { pruningEfficiency } from '../../src/reproduce/experiments/mandziukSpeed.ts';
import { findExperiment } from '../../src/reproduce/registry.ts';

describe('Mańdziuk experiments', () => {
  it('are listed with their expected times, full and quick', async () => {
    for (const name of ['mandziuk-roundrobin', 'mandziuk-null', 'mandziuk-tdgac', 'mandziuk-simple', 'mandziuk-speed']) {
      const e = await findExperiment(name);
      expect(e, name).toBeDefined();
      expect(e!.expected).not.toBe('');
      expect(e!.expectedQuick).toBeDefined();
      expect(e!.source).toMatch(/Mańdziuk/);
    }
  });
  it('pruning efficiency 1 - n/s, s = 1 + b + ... + b^d', () => {
    expect(pruningEfficiency(1, 2, 1)).toBeCloseTo(1 - 1 / 3, 12);
    expect(pruningEfficiency(63, 2, 5)).toBe(0);
    expect(pruningEfficiency(100, 4, 6)).toBeCloseTo(1 - 100 / 5461, 12);
  });
});
