// The translator builds a block where execution comes `hot` times in one window of HEAT_WINDOW
// instructions (translator.ts): code reached now and then stays with the interpreter. The run's results are the
// same either way. Meaningful on the translator only (the interpreter's project skips it).

import { describe, expect, it } from 'vitest';
import { Machine } from '../../src/machine/machine.ts';
import { HEAT_WINDOW } from '../../src/cpu/translator.ts';
import { op, ORIGIN } from './runner.ts';

const AFTER = ORIGIN + 2; // where SUB returns: reached once a trip, by a TRA 1,4 through a saved XR4, which blocks cannot know
const SUB = ORIGIN + 8, TRIPS = ORIGIN + 16, INNER = TRIPS + 1, X = TRIPS + 2, ONE = TRIPS + 3, SAVE = TRIPS + 4;

/** 12 trips of a call of SUB (which counts the trips in X) and a busy loop of about inner^2 turns. */
function machine(inner: number): Machine {
  const m = new Machine();
  m.deposit(ORIGIN, [
    op('LXA', TRIPS, 1),
    op('TSX', SUB, 4), // the trip
    op('LXA', INNER, 2), // AFTER
    op('LXA', INNER, 4),
    op('TIX', ORIGIN + 4, 4, 1), // the busy loop
    op('TIX', ORIGIN + 3, 2, 1),
    op('TIX', ORIGIN + 1, 1, 1),
    op('HTR', ORIGIN + 7),
    op('SXD', SAVE, 4), // SUB
    op('CLA', X),
    op('ADD', ONE),
    op('STO', X),
    op('LXD', SAVE, 4),
    op('TRA', 1, 4),
  ]);
  m.deposit(TRIPS, [12, inner, 0, 1]);
  m.cpu.ic = ORIGIN;
  return m;
}

/** Run to the halt with the translator building at `hot` visits; whether AFTER got a block. */
function run(inner: number, hot: number): { blockAtAfter: boolean; trips: number; instructions: number } {
  const m = machine(inner);
  m.cpu.translator!.hot = hot;
  expect(m.run(1e9).reason).toBe('halt');
  return { blockAtAfter: typeof m.cpu.translator!.blocks[AFTER] === 'function', trips: m.cpu.mem[X]!, instructions: m.cpu.instructions };
}

describe.runIf(new Machine().cpu.translator !== null)('hot code: visits within a window', () => {
  it('a word reached 3 times within the window gets a block', () => {
    const near = run(Math.floor(Math.sqrt(HEAT_WINDOW / 10)), 3); // a trip every tenth of the window
    expect(near.blockAtAfter).toBe(true);
    expect(near.trips).toBe(12);
  });

  it('a word reached less often than that stays with the interpreter, with the same results', () => {
    const inner = Math.floor(Math.sqrt(HEAT_WINDOW * 0.8)); // a trip every 0.8 windows: at most two visits in any one window
    const far = run(inner, 3);
    expect(far.blockAtAfter).toBe(false);
    expect(far.trips).toBe(12);
    const atOnce = run(inner, 0); // a block at the first visit: the same count of instructions
    expect(atOnce.blockAtAfter).toBe(true);
    expect(atOnce.instructions).toBe(far.instructions);
  });
});
