// The Cpu starts its wide fields (36-bit words, instruction and cycle counts) as doubles so that
// V8 never replaces its hidden class in the middle of a run (cpu.ts, docs/translator.md): their
// values must still be plain +0, and counts past 2^31 must stay exact on both cores.

import { describe, expect, it } from 'vitest';
import { Machine } from '../../src/machine/machine.ts';
import { op, ORIGIN } from './runner.ts';

describe('the Cpu fields kept as doubles', () => {
  it('start at +0, not -0 or the value that made them doubles', () => {
    const { cpu } = new Machine();
    for (const f of ['acMag', 'mq', 'keys', 'instructions', 'cycles'] as const) expect(Object.is(cpu[f], 0), f).toBe(true);
  });

  it('count instructions and cycles past 2^31 as from 0', () => {
    // a TIX loop of 100 trips, run from counts of 0, and from just below 2^31 instructions and 2^32 cycles
    const runFrom = (instructions: number, cycles: number): [number, number, number] => {
      const m = new Machine();
      if (m.cpu.translator) m.cpu.translator.hot = 0;
      m.cpu.mem.set([op('LXA', ORIGIN + 11, 1), op('CLA', ORIGIN + 10), op('ADD', ORIGIN + 10), op('TIX', ORIGIN + 1, 1, 1), op('HTR')], ORIGIN);
      m.cpu.mem[ORIGIN + 10] = 3;
      m.cpu.mem[ORIGIN + 11] = 100;
      m.cpu.ic = ORIGIN;
      m.cpu.instructions = instructions;
      m.cpu.cycles = cycles;
      expect(m.cpu.run(1000)).toBe('halt');
      expect(m.cpu.acMag).toBe(6);
      return [m.cpu.instructions - instructions, m.cpu.cycles - cycles, m.cpu.ic];
    };
    const low = runFrom(0, 0);
    expect(low[0]).toBeGreaterThan(300);
    expect(runFrom(2 ** 31 - 50, 2 ** 32 - 70)).toEqual(low);
  });
});
