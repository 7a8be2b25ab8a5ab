// ibm704.md §5.4 shifts (and §13 item 8): counts 0, 1, 35, 36, 37, 63, 64, 255 for each shift.
// The count is the low 8 bits of the indexed Y; vacated places get zeros.

import { describe, expect, it } from 'vitest';
import { ACMAX, MAG, P, Q, Runner, SIGN, op } from './runner.ts';

interface Out { acSign: number; acMag: number; mq?: number; ovf: boolean }
const shift = (mn: string, n: number, acSign: number, acMag: number, mq: number) =>
  Runner.of(op(mn, n)).acRaw(acSign, acMag).mq(mq).run();
const check = (mn: string, n: number, acSign: number, acMag: number, mq: number, out: Out) => {
  const r = shift(mn, n, acSign, acMag, mq);
  r.expectAcRaw(out.acSign, out.acMag).expectOverflow(out.ovf);
  if (out.mq !== undefined) expect(r.cpu.mq.toString(8), `MQ after ${mn} ${n}`).toBe(out.mq.toString(8));
};

describe('§5.4 ALS: AC Q,P,1-35 left, overflow when a 1 enters P, sign unchanged', () => {
  const cases: [number, number, boolean][] = [
    [0, 1, false], [1, 2, false], [35, P, true], [36, Q, true], [37, 0, true], [63, 0, true], [64, 0, true], [255, 0, true],
  ];
  for (const [n, mag, ovf] of cases) {
    it(`ALS ${n} of -1 gives -${mag.toString(8)}${ovf ? ' and overflow' : ''}`, () => check('ALS', n, 1, 1, 7, { acSign: 1, acMag: mag, mq: 7, ovf }));
  }
  it('ALS of zero never overflows, for any count', () => {
    for (const n of [0, 1, 35, 36, 37, 63, 64, 255]) check('ALS', n, 0, 0, 0, { acSign: 0, acMag: 0, ovf: false });
  });
  it('ALS 1 of bit 1 overflows; of bit 2 does not', () => {
    check('ALS', 1, 0, 2 ** 34, 0, { acSign: 0, acMag: P, ovf: true });
    check('ALS', 1, 0, 2 ** 33, 0, { acSign: 0, acMag: 2 ** 34, ovf: false });
  });
  it('ALS: a 1 already in P moving to Q is not shifted into P (no overflow); Q is lost', () => {
    check('ALS', 1, 0, P, 0, { acSign: 0, acMag: Q, ovf: false });
    check('ALS', 1, 0, Q + 3, 0, { acSign: 0, acMag: 6, ovf: false });
  });
  it('ALS 0 leaves Q alone (SIMH clears it, §11 item 8)', () => {
    check('ALS', 0, 1, Q + P + 5, 0, { acSign: 1, acMag: Q + P + 5, ovf: false });
  });
});

describe('§5.4 ARS: AC Q,P,1-35 right, sign unchanged', () => {
  const ac = Q + P + 1;
  const cases: [number, number][] = [
    [0, ac], [1, P + 2 ** 34], [35, 3], [36, 1], [37, 0], [63, 0], [64, 0], [255, 0],
  ];
  for (const [n, mag] of cases) {
    it(`ARS ${n} of -(Q,P,35) gives -${mag.toString(8)}`, () => check('ARS', n, 1, ac, 5, { acSign: 1, acMag: mag, mq: 5, ovf: false }));
  }
  it('ARS by 64 or more shifts everything out (SIMH wraps the count, §11 item 12)', () => {
    check('ARS', 0o100, 0, 4, 0, { acSign: 0, acMag: 0, ovf: false });
    check('ARS', 0o102, 0, ACMAX, 0, { acSign: 0, acMag: 0, ovf: false });
  });
});

describe('§5.4 LLS: AC Q,P,1-35 and MQ 1-35 left as one register; AC sign := MQ sign', () => {
  const neg1 = SIGN + 1;
  const cases: [number, number, number, boolean][] = [
    [0, 0, neg1, false], [1, 0, SIGN + 2, false], [35, 1, SIGN, false], [36, 2, SIGN, false], [37, 4, SIGN, false],
    [63, 2 ** 28, SIGN, false], [64, 2 ** 29, SIGN, false], [70, P, SIGN, true], [71, Q, SIGN, true], [255, 0, SIGN, true],
  ];
  for (const [n, ac, mq, ovf] of cases) {
    it(`LLS ${n} of AC +0, MQ -1: AC -${ac.toString(8)}, MQ ${mq.toString(8)}${ovf ? ', overflow (an MQ bit went through P)' : ''}`, () => {
      check('LLS', n, 0, 0, neg1, { acSign: 1, acMag: ac, mq, ovf });
    });
  }
  it('LLS 0 still copies the MQ sign into the AC (and keeps Q)', () => {
    check('LLS', 0, 1, Q + 3, 5, { acSign: 0, acMag: Q + 3, mq: 5, ovf: false });
  });
  it('LLS overflow as ALS: an AC bit into P', () => {
    check('LLS', 35, 1, 1, 0, { acSign: 0, acMag: P, mq: 0, ovf: true });
    check('LLS', 1, 0, Q, 2 ** 34, { acSign: 0, acMag: 1, mq: 0, ovf: false });
  });
  it('LLS: MQ bit 1 feeds AC 35', () => {
    check('LLS', 1, 0, 0, 2 ** 34 + 1, { acSign: 0, acMag: 1, mq: 2, ovf: false });
  });
});

describe('§5.4 LRS: AC Q,P,1-35 and MQ 1-35 right as one register; MQ sign := AC sign', () => {
  const ac = Q + 1;
  const cases: [number, number, number][] = [
    [0, ac, SIGN], [1, P, SIGN + 2 ** 34], [35, 2, SIGN + 1], [36, 1, SIGN], [37, 0, SIGN + 2 ** 34],
    [63, 0, SIGN + 256], [64, 0, SIGN + 128], [255, 0, SIGN],
  ];
  for (const [n, acOut, mq] of cases) {
    it(`LRS ${n} of AC -(Q,35), MQ +0: AC -${acOut.toString(8)}, MQ ${mq.toString(8)}`, () => {
      check('LRS', n, 1, ac, 0, { acSign: 1, acMag: acOut, mq, ovf: false });
    });
  }
  it('LRS gives a + AC sign to a negative MQ; bits past MQ 35 are lost', () => {
    check('LRS', 1, 0, 0, SIGN + 3, { acSign: 0, acMag: 0, mq: 1, ovf: false });
  });
});

describe('§5.4 LGL: AC Q,P,1-35 and MQ S,1-35 left; MQ S feeds AC 35; AC sign unchanged', () => {
  const cases: [number, number, number, boolean][] = [
    [0, 0, SIGN, false], [1, 1, 0, false], [35, 2 ** 34, 0, false], [36, P, 0, true], [37, Q, 0, true],
    [63, 0, 0, true], [64, 0, 0, true], [255, 0, 0, true],
  ];
  for (const [n, ac, mq, ovf] of cases) {
    it(`LGL ${n} of AC -0, MQ = S only: AC -${ac.toString(8)}, MQ ${mq.toString(8)}${ovf ? ', overflow' : ''}`, () => {
      check('LGL', n, 1, 0, SIGN, { acSign: 1, acMag: ac, mq, ovf });
    });
  }
  it('LGL: MQ bit 1 moves into MQ S (the MQ sign is data)', () => {
    check('LGL', 1, 0, 0, 2 ** 34 + 1, { acSign: 0, acMag: 0, mq: SIGN + 2, ovf: false });
  });
  it('LGL overflow as ALS from AC bits', () => {
    check('LGL', 2, 0, 2 ** 33, 0, { acSign: 0, acMag: P, mq: 0, ovf: true });
  });
});

describe('§5.4 RQL: MQ S,1-35 rotated left', () => {
  const mq = SIGN + 1;
  const cases: [number, number][] = [
    [0, mq], [1, 3], [35, SIGN + 2 ** 34], [36, mq], [37, 3], [63, 2 ** 27 + 2 ** 26], [64, 2 ** 28 + 2 ** 27], [255, 12],
  ];
  for (const [n, out] of cases) {
    it(`RQL ${n} of MQ 400000000001 gives ${out.toString(8)}; AC untouched`, () => {
      check('RQL', n, 1, Q + 5, mq, { acSign: 1, acMag: Q + 5, mq: out, ovf: false });
    });
  }
});

describe('§5.4 the count is the low 8 bits of the indexed Y', () => {
  it('ALS 0401 shifts by 1', () => check('ALS', 0o401, 0, 1, 0, { acSign: 0, acMag: 2, ovf: false }));
  it('ALS 10,1 with XR1 = 7 shifts by 1', () => {
    Runner.of(op('ALS', 0o10, 1)).acRaw(0, 1).xr(1, 7).run().expectAcRaw(0, 2);
  });
  it('ARS 0,1 with XR1 = 1 gives Y = 77777, count 255 (23 cycles)', () => {
    Runner.of(op('ARS', 0, 1)).acRaw(0, ACMAX).xr(1, 1).run().expectAcRaw(0, 0).expectCycles(23);
  });
  it('LRS 0443 (count 043 = 35) moves the AC into the MQ', () => {
    check('LRS', 0o443, 0, MAG, 0, { acSign: 0, acMag: 0, mq: MAG, ovf: false });
  });
});
