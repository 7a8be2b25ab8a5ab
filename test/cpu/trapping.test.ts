// ibm704.md §5.9 trapping mode and its timing §9.5; the HTR case is settled by [V] (§11).

import { describe, expect, it } from 'vitest';
import { Runner, oct, op, pos } from './runner.ts';

const T = 0o300;
const W0 = oct('-123450654321'); // location 0 before: only its address may change
const trapping = (program: number[], regs: object = {}) =>
  new Runner(program).set({ trapMode: true, ...regs }).mem(0, W0).halt(1, T).run();

/** Location 0 after a trap at L: address := L, the rest unchanged. */
const w0With = (L: number) => W0 - (W0 % 2 ** 15) + L;

describe('§5.9 a taken transfer in trapping mode goes to location 1 and leaves L in location 0', () => {
  it('TRA: L into the address of location 0, next instruction from 1, 3 cycles (§9.5)', () => {
    trapping([op('TRA', T)]).expectHalt(1).expectMem(0, w0With(0o100)).expectCycles(3);
  });

  const cases: [string, number, object][] = [
    ['TZE', op('TZE', T), { acMag: 0 }],
    ['TNZ', op('TNZ', T), { acMag: 1 }],
    ['TPL', op('TPL', T), { acSign: 0 }],
    ['TMI', op('TMI', T), { acSign: 1 }],
    ['TOV', op('TOV', T), { acOverflow: true }],
    ['TNO', op('TNO', T), {}],
    ['TQO', op('TQO', T), { mqOverflow: true }],
    ['TQP', op('TQP', T), { mq: 0 }],
    ['TLQ', op('TLQ', T), { acMag: 5, mq: 1 }],
    ['TSX', op('TSX', T, 4), {}],
    ['TXI', op('TXI', T, 1, 1), {}],
    ['TIX', op('TIX', T, 1, 1), { xr1: 3 }],
    ['TNX', op('TNX', T, 1, 1), { xr1: 0 }],
    ['TXH', op('TXH', T, 1, 1), { xr1: 3 }],
    ['TXL', op('TXL', T, 1, 1), { xr1: 0 }],
  ];
  for (const [name, word, regs] of cases) {
    it(`${name} taken: traps to 1 with L in location 0 (3 cycles)`, () => {
      trapping([op('NOP'), word], regs).expectHalt(1).expectMem(0, w0With(0o101)).expectCycles(2 + 3);
    });
  }
});

describe('§5.9 a transfer whose condition fails: no trap, but L still goes to location 0 [C][R], 3 cycles', () => {
  const cases: [string, number, object][] = [
    ['TZE', op('TZE', T), { acMag: 1 }],
    ['TNZ', op('TNZ', T), { acMag: 0 }],
    ['TPL', op('TPL', T), { acSign: 1 }],
    ['TMI', op('TMI', T), { acSign: 0 }],
    ['TOV', op('TOV', T), {}],
    ['TNO', op('TNO', T), { acOverflow: true }],
    ['TQO', op('TQO', T), {}],
    ['TQP', op('TQP', T), { mq: 2 ** 35 }],
    ['TLQ', op('TLQ', T), { acMag: 1, mq: 5 }],
    ['TIX', op('TIX', T, 1, 1), { xr1: 1 }],
    ['TNX', op('TNX', T, 1, 1), { xr1: 3 }],
    ['TXH', op('TXH', T, 1, 1), { xr1: 1 }],
    ['TXL', op('TXL', T, 1, 1), { xr1: 2 }],
  ];
  for (const [name, word, regs] of cases) {
    it(`${name} not taken: falls through`, () => {
      trapping([word], regs).expectHalt(0o101).expectMem(0, w0With(0o100)).expectCycles(3);
    });
  }
});

describe('§5.9 side effects of trapped transfers still happen', () => {
  it('TSX sets XR4 to 2^15 - L', () => trapping([op('TSX', T, 4)]).expectHalt(1).expectState({ xr4: 0o77700 }));
  it('TXI adds, TIX subtracts', () => {
    trapping([op('TXI', T, 1, 2)], { xr1: 3 }).expectHalt(1).expectState({ xr1: 5 });
    trapping([op('TIX', T, 1, 2)], { xr1: 3 }).expectHalt(1).expectState({ xr1: 1 });
  });
  it('TNX falling through still subtracts', () => trapping([op('TNX', T, 1, 2)], { xr1: 3 }).expectHalt(0o101).expectState({ xr1: 1 }));
  it('TOV and TQO reset their indicators', () => {
    trapping([op('TOV', T)], { acOverflow: true }).expectHalt(1).expectOverflow(false);
    trapping([op('TQO', T)], { mqOverflow: true }).expectHalt(1).expectOverflow(false, false);
    trapping([op('TNO', T)], { acOverflow: true }).expectHalt(0o101).expectOverflow(false);
  });
});

describe('§5.9 what is not trapped', () => {
  it('TTR is never trapped and takes 2 cycles', () => {
    trapping([op('TTR', T)]).expectHalt(T).expectMem(0, W0).expectCycles(2);
  });
  it('skips are not trapped: CAS, SWT, LBT, DCT keep their timing and do not touch location 0', () => {
    const D = 0o200;
    new Runner([op('CAS', D), op('HTR', 0o1001), op('HTR', 0o1002), op('HTR', 0o1003)]).set({ trapMode: true }).mem(0, W0).mem(D, pos(1)).run()
      .expectHalt(0o1003).expectMem(0, W0).expectCycles(3);
    const skip = (word: number, regs: object) =>
      Runner.of(word).set({ trapMode: true, ...regs }).mem(0, W0).halt(1, 0o102).run().expectHalt(0o102).expectMem(0, W0).expectCycles(2);
    skip(op('SWT', 1), { senseSwitches: 1 });
    skip(op('LBT'), { acMag: 1 });
    skip(op('DCT'), {});
  });
  it('HTR stops rather than trapping ([V], §11), leaving location 0 alone', () => {
    const r = new Runner([op('HTR', T)]).set({ trapMode: true }).mem(0, W0).run();
    r.expectHalt(T).expectMem(0, W0);
    expect(r.cpu.cycles).toBe(2);
  });
  it('ordinary instructions keep their cycles in trapping mode', () => {
    trapping([op('CLA', 0o200), op('ADD', 0o200), op('ALS', 12)]).expectHalt(0o103).expectCycles(2 + 2 + 3);
  });
});

describe('§5.9 ETM / LTM', () => {
  it('ETM turns trapping on for the following transfers; LTM turns it off', () => {
    new Runner([op('ETM'), op('LTM'), op('TRA', T)]).mem(0, W0).halt(1, T).run().expectHalt(T).expectMem(0, W0).expectCycles(2 + 2 + 2);
    new Runner([op('ETM'), op('TRA', T)]).mem(0, W0).halt(1, T).run().expectHalt(1).expectMem(0, w0With(0o101)).expectCycles(2 + 3);
  });
  it('a trap routine can return with TTR through location 0 (the classic trace loop)', () => {
    // Trap handler at 1: CLA 0 / STA 0o250 / ... just TTR back to the transfer's target via a stored word.
    const r = new Runner([op('ETM'), op('TRA', T)])
      .mem(0, W0)
      .mem(1, op('LTM'))
      .mem(2, op('TTR', T))
      .halt(T)
      .run();
    r.expectHalt(T).expectMem(0, w0With(0o101)).expectState({ trapMode: false });
  });
});
