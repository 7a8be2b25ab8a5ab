// ibm704.md §5.2 fixed-point arithmetic (and §13 items 1-3: signs of zero, Q and P, overflow).

import { describe, expect, it } from 'vitest';
import { ACMAX, MAG, P, Q, Runner, neg, op, pos } from './runner.ts';

const D = 0o200;
const add = (mn: string, ac: number, y: number) => Runner.of(op(mn, D)).ac(ac).mem(D, y).run();

describe('§5.2 ADD / SUB / ADM / SBM: signs of zero results (§13 item 1)', () => {
  it('5 + (-5) = +0: equal magnitudes keep the AC sign', () => add('ADD', pos(5), neg(5)).expectAcRaw(0, 0));
  it('(-5) + 5 = -0', () => add('ADD', neg(5), pos(5)).expectAcRaw(1, 0));
  it('(-5) - (-5) = -0', () => add('SUB', neg(5), neg(5)).expectAcRaw(1, 0));
  it('5 - 5 = +0', () => add('SUB', pos(5), pos(5)).expectAcRaw(0, 0));
  it('(-0) + (+0) = -0 and (+0) + (-0) = +0', () => {
    add('ADD', neg(0), pos(0)).expectAcRaw(1, 0);
    add('ADD', pos(0), neg(0)).expectAcRaw(0, 0);
  });
  it('(-0) + (-0) = -0 (alike signs keep the sign)', () => add('ADD', neg(0), neg(0)).expectAcRaw(1, 0));
  it('ADM: (-5) + |-5| = -0; SBM: 5 - |-5| = +0', () => {
    add('ADM', neg(5), neg(5)).expectAcRaw(1, 0);
    add('SBM', pos(5), neg(5)).expectAcRaw(0, 0);
  });
});

describe('§5.2 ADD / SUB / ADM / SBM: values and signs', () => {
  it('ADD alike signs adds magnitudes, sign unchanged (2 cycles)', () => {
    add('ADD', neg(3), neg(4)).expectAcRaw(1, 7).expectOverflow(false).expectCycles(2);
  });
  it('ADD unlike signs: the larger magnitude gives the sign', () => {
    add('ADD', pos(3), neg(5)).expectAcRaw(1, 2);
    add('ADD', neg(3), pos(5)).expectAcRaw(0, 2);
    add('ADD', neg(7), pos(5)).expectAcRaw(1, 2);
  });
  it('SUB inverts the operand sign', () => {
    add('SUB', pos(3), pos(5)).expectAcRaw(1, 2).expectCycles(2);
    add('SUB', pos(3), neg(5)).expectAcRaw(0, 8);
  });
  it('ADM adds the magnitude, whatever the operand sign', () => {
    add('ADM', neg(3), neg(5)).expectAcRaw(0, 2).expectCycles(2);
    add('ADM', pos(3), neg(5)).expectAcRaw(0, 8);
  });
  it('SBM subtracts the magnitude, whatever the operand sign', () => {
    add('SBM', pos(3), neg(5)).expectAcRaw(1, 2).expectCycles(2);
    add('SBM', pos(3), pos(5)).expectAcRaw(1, 2);
    add('SBM', neg(3), pos(5)).expectAcRaw(1, 8);
  });
  it('ADD is indexed', () => {
    Runner.of(op('ADD', D + 3, 2)).ac(pos(1)).mem(D, pos(2)).xr(2, 3).run().expectAc(pos(3));
  });
});

describe('§5.2 Q, P and the overflow indicator (§13 items 2, 3)', () => {
  it('a carry into P sets P and the overflow indicator; the sign is kept', () => {
    add('ADD', neg(MAG), neg(1)).expectAcRaw(1, P).expectOverflow(true);
  });
  it('STO after an overflow drops Q and P (stores -0 here)', () => {
    Runner.of(op('ADD', D), op('STO', D + 1)).ac(neg(MAG)).mem(D, neg(1)).run().expectMem(D + 1, neg(0));
  });
  it('with P set, a further carry into P moves P into Q: overflow again (P changed)', () => {
    Runner.of(op('ADD', D)).acRaw(0, P + MAG).mem(D, pos(1)).run().expectAcRaw(0, Q).expectOverflow(true);
  });
  it('with P set, an addition with no carry into P keeps Q,P and does not set overflow', () => {
    Runner.of(op('ADD', D)).acRaw(0, P + 5).mem(D, pos(1)).run().expectAcRaw(0, P + 6).expectOverflow(false);
  });
  it('a carry beyond Q is lost', () => {
    Runner.of(op('ADD', D)).acRaw(1, ACMAX).mem(D, neg(1)).run().expectAcRaw(1, 0).expectOverflow(true);
  });
  it('unlike signs never overflow, and Q,P count in the AC magnitude', () => {
    Runner.of(op('ADD', D)).acRaw(1, P).mem(D, pos(5)).run().expectAcRaw(1, P - 5).expectOverflow(false);
    Runner.of(op('SUB', D)).acRaw(0, Q).mem(D, pos(MAG)).run().expectAcRaw(0, Q - MAG).expectOverflow(false);
  });
  it('the indicator is sticky: a later ADD without carry leaves it on', () => {
    Runner.of(op('ADD', D), op('ADD', D + 1)).ac(pos(MAG)).mem(D, pos(1), pos(1)).run()
      .expectAcRaw(0, P + 1).expectOverflow(true);
  });
  it('the AC keeps growing in Q,P until cleared (CLA clears Q,P)', () => {
    Runner.of(op('ADD', D), op('ADD', D), op('ADD', D), op('CLA', D + 1)).ac(pos(MAG)).mem(D, pos(MAG), pos(9)).run()
      .expectAcRaw(0, 9).expectOverflow(true);
  });
});

describe('§5.2 MPY / MPR', () => {
  it('MPY: product of C(Y) and MQ, high half in AC, low in MQ, both signs the xor (20 cycles)', () => {
    Runner.of(op('MPY', D)).mq(pos(3)).mem(D, neg(5)).acRaw(0, Q + P + 1).run()
      .expectAcRaw(1, 0).expectMq(neg(15)).expectCycles(20);
  });
  it('MPY: (-5) x (+0) gives -0 in AC and MQ', () => {
    Runner.of(op('MPY', D)).mq(pos(0)).mem(D, neg(5)).run().expectAcRaw(1, 0).expectMq(neg(0)).expectCycles(20);
  });
  it('MPY: -x- is +; full-size magnitudes split at bit 35', () => {
    // (2^35-1)^2 = (2^35-2)*2^35 + 1
    Runner.of(op('MPY', D)).mq(neg(MAG)).mem(D, neg(MAG)).run().expectAcRaw(0, MAG - 1).expectMq(pos(1));
    // 2^34 * 3 = 2^35 + 2^34: AC 1, MQ bit 1
    Runner.of(op('MPY', D)).mq(pos(3)).mem(D, pos(2 ** 34)).run().expectAcRaw(0, 1).expectMq(pos(2 ** 34));
  });
  it('MPY: products on both sides of 2^53 (split in line below it, by 18-bit limbs from it on) are exact', () => {
    const below = (2 ** 26 - 1) * (2 ** 27 + 1); // 2^53 - 2^26 - 1, exact as a double
    expect(below).toBeLessThan(2 ** 53);
    Runner.of(op('MPY', D)).mq(pos(2 ** 27 + 1)).mem(D, neg(2 ** 26 - 1)).run()
      .expectAcRaw(1, Math.floor(below / 2 ** 35)).expectMq(neg(below % 2 ** 35)).expectCycles(20);
    // (2^27 + 1)(2^26 + 1) = 2^53 + 2^27 + 2^26 + 1: not exact as a double product
    Runner.of(op('MPY', D)).mq(neg(2 ** 27 + 1)).mem(D, neg(2 ** 26 + 1)).run()
      .expectAcRaw(0, 2 ** 18).expectMq(pos(2 ** 27 + 2 ** 26 + 1)).expectCycles(20);
  });
  it('MPY never overflows and clears Q,P', () => {
    Runner.of(op('MPY', D)).acRaw(0, Q + P).set({ acOverflow: false }).mq(pos(MAG)).mem(D, pos(MAG)).run()
      .expectOverflow(false).expectAcRaw(0, MAG - 1);
  });
  it('MPR: MPY then, with MQ bit 1 set, the AC magnitude grows by one (20 cycles)', () => {
    Runner.of(op('MPR', D)).mq(pos(3)).mem(D, pos(2 ** 34)).run().expectAcRaw(0, 2).expectMq(pos(2 ** 34)).expectCycles(20);
    Runner.of(op('MPR', D)).mq(pos(3)).mem(D, neg(2 ** 34)).run().expectAcRaw(1, 2).expectMq(neg(2 ** 34));
  });
  it('MPR with MQ bit 1 clear does not round', () => {
    Runner.of(op('MPR', D)).mq(pos(1)).mem(D, pos(2 ** 34 - 1)).run().expectAcRaw(0, 0).expectMq(pos(2 ** 34 - 1));
  });
});

describe('§5.2 RND (manual, settled by [V] in §6.5/§11: the magnitude grows)', () => {
  it('RND on -5 with MQ bit 1 set gives -6 (2 cycles); the MQ is unchanged', () => {
    Runner.of(op('RND')).ac(neg(5)).mq(neg(2 ** 34)).run().expectAcRaw(1, 6).expectMq(neg(2 ** 34)).expectCycles(2);
  });
  it('RND on +5 gives +6', () => {
    Runner.of(op('RND')).ac(pos(5)).mq(pos(2 ** 34 + 1)).run().expectAcRaw(0, 6);
  });
  it('RND with MQ bit 1 clear does nothing (MQ bit 2 and the MQ sign do not count)', () => {
    Runner.of(op('RND')).ac(neg(5)).mq(neg(2 ** 34 - 1)).run().expectAcRaw(1, 5);
  });
  it('RND can overflow into P', () => {
    Runner.of(op('RND')).ac(neg(MAG)).mq(pos(2 ** 34)).run().expectAcRaw(1, P).expectOverflow(true);
  });
});

describe('§5.2 DVH / DVP', () => {
  it('DVP: 17 / 5 = 3 remainder 2 (20 cycles)', () => {
    Runner.of(op('DVP', D)).ac(pos(0)).mq(pos(17)).mem(D, pos(5)).run()
      .expectMq(pos(3)).expectAcRaw(0, 2).expectCycles(20);
  });
  it('DVP signs: quotient sign is the xor, remainder keeps the dividend (AC) sign; the MQ sign is ignored', () => {
    Runner.of(op('DVP', D)).ac(neg(0)).mq(pos(17)).mem(D, pos(5)).run().expectMq(neg(3)).expectAcRaw(1, 2);
    Runner.of(op('DVP', D)).ac(pos(0)).mq(neg(17)).mem(D, neg(5)).run().expectMq(neg(3)).expectAcRaw(0, 2);
    Runner.of(op('DVP', D)).ac(neg(0)).mq(neg(17)).mem(D, neg(5)).run().expectMq(pos(3)).expectAcRaw(1, 2);
  });
  it('DVP: a 70-bit dividend (AC high, MQ low)', () => {
    // (3 * 2^35 + 5) / 7 = 14725602157 rem ...: check by multiplication
    const q = Math.floor((3 * 2 ** 35 + 5) / 7);
    const r = 3 * 2 ** 35 + 5 - 7 * q;
    Runner.of(op('DVP', D)).ac(pos(3)).mq(pos(5)).mem(D, pos(7)).run().expectMq(pos(q)).expectAcRaw(0, r);
  });
  it('DVP exact division leaves a remainder of zero with the dividend sign', () => {
    Runner.of(op('DVP', D)).ac(neg(0)).mq(pos(15)).mem(D, pos(5)).run().expectMq(neg(3)).expectAcRaw(1, 0);
  });
  it('DVP divide check when |C(Y)| <= |AC|: indicator on, AC unchanged, MQ sign := quotient sign, 3 cycles, goes on at L+1', () => {
    Runner.of(op('DVP', D), op('CLA', D + 1)).ac(neg(5)).mq(pos(0o1234)).mem(D, pos(5), pos(77)).run()
      .expectState({ divideCheck: true }).expectMq(neg(0o1234)).expectAc(pos(77)).expectHalt(0o102);
    const r = Runner.of(op('DVP', D)).ac(neg(5)).mq(pos(0o1234)).mem(D, pos(5)).run();
    r.expectAcRaw(1, 5).expectCycles(3);
  });
  it('DVP divide by zero (either zero) checks', () => {
    Runner.of(op('DVP', D)).ac(pos(0)).mq(pos(1)).mem(D, neg(0)).run()
      .expectState({ divideCheck: true }).expectMq(neg(1)).expectAcRaw(0, 0).expectCycles(3);
  });
  it('DVP divide check when the AC has Q or P set (its magnitude includes them)', () => {
    Runner.of(op('DVP', D)).acRaw(0, P).mq(pos(1)).mem(D, pos(MAG)).run()
      .expectState({ divideCheck: true }).expectAcRaw(0, P).expectCycles(3);
    Runner.of(op('DVP', D)).acRaw(1, Q).mq(pos(1)).mem(D, pos(MAG)).run()
      .expectState({ divideCheck: true }).expectAcRaw(1, Q);
  });
  it('DVP with |AC| one less than the divisor divides (boundary)', () => {
    const q = Math.floor((4 * 2 ** 35 + 0) / 5);
    Runner.of(op('DVP', D)).ac(pos(4)).mq(pos(0)).mem(D, pos(5)).run()
      .expectState({ divideCheck: false }).expectMq(pos(q)).expectAcRaw(0, 4 * 2 ** 35 - 5 * q);
  });
  it('DVH divides like DVP when it can (20 cycles)', () => {
    Runner.of(op('DVH', D)).ac(pos(0)).mq(pos(17)).mem(D, pos(5)).run()
      .expectHalt(0o101).expectMq(pos(3)).expectAcRaw(0, 2).expectCycles(20);
  });
  it('DVH divide check halts with IC at L+1; Start continues there', () => {
    const r = Runner.of(op('DVH', D), op('CLA', D + 1)).ac(pos(5)).mq(neg(1)).mem(D, neg(5), pos(9)).run();
    r.expectHalt(0o101).expectState({ divideCheck: true }).expectAcRaw(0, 5).expectMq(neg(1));
    expect(r.cpu.cycles, 'DVH divide check: 3 cycles').toBe(3);
    expect(r.cpu.instructions).toBe(1);
    r.run().expectHalt(0o102).expectAc(pos(9));
  });
  it('divide check stays on until DCT tests it', () => {
    Runner.of(op('DVP', D), op('DVP', D + 1)).ac(pos(0)).mq(pos(4)).mem(D, pos(0), pos(2)).run()
      .expectState({ divideCheck: true }).expectMq(pos(2));
  });
});
