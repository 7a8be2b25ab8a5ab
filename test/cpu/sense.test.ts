// ibm704.md §5.8 sense group and the other +0760/-0760 members (§5.3, §5.7; §13 item 9: the
// member is chosen by the effective address, and +0760/-0760 are different instructions).

import { describe, expect, it } from 'vitest';
import { P, Q, Runner, op } from './runner.ts';

const SKIP = 0o102; // where a one-instruction program lands after a skip (one past its final HTR)
const NEXT = 0o101;

/** One sense instruction followed by the usual HTR, plus an HTR at the skip location. */
const sense = (word: number, regs: object = {}) => Runner.of(word).set(regs).halt(SKIP).run();

describe('§5.8 sense lights SLN / SLF / SLT', () => {
  it('SLN n turns light n on (2 cycles)', () => {
    for (const n of [1, 2, 3, 4]) sense(op('SLN', n)).expectState({ senseLights: 1 << (n - 1) }).expectHalt(NEXT).expectCycles(2);
  });
  it('SLN keeps the other lights', () => sense(op('SLN', 3), { senseLights: 0b0001 }).expectState({ senseLights: 0b0101 }));
  it('SLF turns all four off (2 cycles)', () => sense(op('SLF'), { senseLights: 0b1111 }).expectState({ senseLights: 0 }).expectCycles(2));
  it('SLT n on: turns it off and skips (2 cycles)', () => {
    sense(op('SLT', 2), { senseLights: 0b1010 }).expectHalt(SKIP).expectState({ senseLights: 0b1000 }).expectCycles(2);
  });
  it('SLT n off: next instruction, other lights untouched', () => {
    sense(op('SLT', 1), { senseLights: 0b1110 }).expectHalt(NEXT).expectState({ senseLights: 0b1110 }).expectCycles(2);
  });
  it('SLN is +0760 0014n, SLT is -0760 0014n: the sign selects', () => {
    expect(op('SLN', 2).toString(8)).toBe('76000000142');
    expect(op('SLT', 2).toString(8)).toBe('476000000142');
  });
  it('the member comes from the effective address: PSE 0143,1 with XR1 = 1 is SLN 2', () => {
    sense(op('PSE', 0o143, 1), { xr1: 1 }).expectState({ senseLights: 0b0010 });
  });
});

describe('§5.8 SWT', () => {
  it('SWT n skips when switch n is down', () => {
    for (const n of [1, 2, 3, 4, 5, 6]) {
      sense(op('SWT', n), { senseSwitches: 1 << (n - 1) }).expectHalt(SKIP).expectCycles(2);
      sense(op('SWT', n), { senseSwitches: 0o77 & ~(1 << (n - 1)) }).expectHalt(NEXT).expectCycles(2);
    }
  });
});

describe('§5.7 LBT / PBT', () => {
  it('LBT skips when AC bit 35 is 1', () => {
    sense(op('LBT'), { acMag: 1 }).expectHalt(SKIP).expectCycles(2);
    sense(op('LBT'), { acMag: 2 }).expectHalt(NEXT).expectCycles(2);
  });
  it('PBT skips when AC P is 1 (not Q)', () => {
    sense(op('PBT'), { acMag: P }).expectHalt(SKIP).expectCycles(2);
    sense(op('PBT'), { acMag: Q + 2 ** 34 }).expectHalt(NEXT).expectCycles(2);
  });
});

describe('§5.7 DCT / ETT / RTT: skip means all is well', () => {
  it('DCT with divide check on: turns it off, next instruction', () => {
    sense(op('DCT'), { divideCheck: true }).expectHalt(NEXT).expectState({ divideCheck: false }).expectCycles(2);
  });
  it('DCT with divide check off: skips', () => sense(op('DCT')).expectHalt(SKIP).expectCycles(2));
  it('ETT and RTT with no tape trouble skip', () => {
    sense(op('ETT')).expectHalt(SKIP).expectCycles(2);
    sense(op('RTT')).expectHalt(SKIP).expectCycles(2);
  });
  it('DCT (+0760 12) and RTT (-0760 12) are different instructions', () => {
    sense(op('RTT'), { divideCheck: true }).expectHalt(SKIP).expectState({ divideCheck: true });
  });
});

describe('§5.8 the rest of the group: unassigned addresses do nothing', () => {
  it('PSE and MSE with unassigned addresses, and CFF, change nothing (2 cycles)', () => {
    for (const w of [op('PSE', 4), op('PSE', 5), op('PSE', 0o11), op('PSE', 0o777), op('MSE', 2), op('MSE', 6), op('MSE', 0o140), op('CFF')]) {
      sense(w, { acSign: 1, acMag: Q + 5, mq: 3, senseLights: 5, divideCheck: true }).expectHalt(NEXT)
        .expectAcRaw(1, Q + 5).expectMq(3).expectState({ senseLights: 5, divideCheck: true, trapMode: false }).expectCycles(2);
    }
  });
  it('SPR and SPU change no CPU state; SPT on a fresh printer does not skip (2 cycles)', () => {
    for (const w of [op('SPR', 1), op('SPR', 10), op('SPU', 1), op('SPT')]) {
      sense(w, { acSign: 1, acMag: 5, mq: 3 }).expectHalt(NEXT).expectAcRaw(1, 5).expectMq(3).expectCycles(2);
    }
  });
  it('MSE 0003 is SSM and PSE 0003 is SSP', () => {
    sense(op('MSE', 3), { acSign: 0, acMag: 5 }).expectAcRaw(1, 5);
    sense(op('PSE', 3), { acSign: 1, acMag: 5 }).expectAcRaw(0, 5);
  });
  it('ETM and LTM set and clear trapping mode (2 cycles)', () => {
    sense(op('ETM')).expectState({ trapMode: true }).expectCycles(2);
    sense(op('LTM'), { trapMode: true }).expectState({ trapMode: false }).expectCycles(2);
  });
});
