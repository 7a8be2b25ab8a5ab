// Unassigned codes inside a run. The interpreter keeps them out of its common function (which V8
// would not optimise with them in: interpreter.ts) and runs each with the function that has every
// code, one instruction at a time: a run, single steps, breakpoints and history must not see the
// seam. Runs on both cores (vitest.config.ts).

import { describe, expect, it } from 'vitest';
import { Machine } from '../../src/machine/machine.ts';
import { UNASSIGNED } from '../../src/cpu/opcodes.ts';
import { op, ORIGIN } from './runner.ts';

const NOP_UNASSIGNED = 0o4740, TXI_UNASSIGNED = 0o5000; // run as NOP and as TXI (opcodes.ts)

/** A loop of five trips through an unassigned NOP and an unassigned TXI, then HTR. */
function machine(): Machine {
  expect(UNASSIGNED[NOP_UNASSIGNED]?.as).toBe('NOP');
  expect(UNASSIGNED[TXI_UNASSIGNED]?.as).toBe('TXI');
  const m = new Machine();
  m.deposit(ORIGIN, [
    op('CLA', 0o200),
    NOP_UNASSIGNED * 2 ** 24,
    op('ADD', 0o201),
    op('STO', 0o200),
    TXI_UNASSIGNED * 2 ** 24 + 1 * 2 ** 18 + 2 * 2 ** 15 + ORIGIN + 6, // XR2 += 1, to ORIGIN+6
    op('HTR', ORIGIN + 5),
    op('TIX', ORIGIN, 1, 1),
    op('HTR', ORIGIN + 7),
  ]);
  m.cpu.mem[0o200] = 3;
  m.cpu.mem[0o201] = 4;
  m.cpu.xr1 = 5;
  m.cpu.ic = ORIGIN;
  return m;
}

const state = (m: Machine): unknown => ({ ...m.snapshot(), word: m.cpu.mem[0o200] });

describe('unassigned codes inside a run', () => {
  it('one run, a cold translator and single steps end alike', () => {
    const whole = machine();
    expect(whole.run(1000).reason).toBe('halt');
    const cold = machine();
    if (cold.cpu.translator) cold.cpu.translator.hot = 4; // through the interpreter up to each transfer first
    expect(cold.run(1000).reason).toBe('halt');
    const steps = machine();
    let n = 0;
    while (steps.step().reason === 'limit') n++;
    expect(n + 1).toBe(whole.cpu.instructions);
    expect(whole.cpu.mem[0o200]).toBe(3 + 5 * 4);
    expect(whole.cpu.xr2).toBe(5);
    expect(state(cold)).toEqual(state(whole));
    expect(state(steps)).toEqual(state(whole));
  });

  it('stops at a breakpoint on an unassigned word, and goes on through it', () => {
    const m = machine();
    m.cpu.breakpoints[ORIGIN + 1] = 1;
    m.cpu.updateDebug();
    expect(m.run(1000).reason).toBe('breakpoint');
    expect([m.cpu.ic, m.cpu.instructions]).toEqual([ORIGIN + 1, 1]);
    expect(m.run(1000).reason).toBe('breakpoint');
    expect([m.cpu.ic, m.cpu.instructions]).toEqual([ORIGIN + 1, 7]);
  });

  it('records each instruction once in the history, unassigned ones included', () => {
    const m = machine();
    m.cpu.history = new Float64Array(64 * 8);
    m.cpu.updateDebug();
    expect(m.run(1000).reason).toBe('halt');
    expect(m.cpu.historyCount).toBe(m.cpu.instructions);
    const locations = Array.from({ length: 7 }, (_, i) => m.cpu.history![i * 8]);
    expect(locations).toEqual([0, 1, 2, 3, 4, 6, 0].map((k) => ORIGIN + k));
  });
});
