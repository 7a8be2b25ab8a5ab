// ibm704.md §5.7 transfers, tests and halts (§13 items 1, 2: -0/+0 and Q,P in the tests).

import { describe, expect, it } from 'vitest';
import { MAG, P, Q, Runner, neg, op, pos } from './runner.ts';

const T = 0o300; // transfer target
const FALL = 0o101; // where a one-instruction program falls through to (its final HTR)

/** Run one test instruction with AC (sign, Q,P,1-35) and MQ; HTR at T. */
const test1 = (mn: string, acSign: number, acMag: number, mq = 0, regs: object = {}) =>
  Runner.of(op(mn, T)).acRaw(acSign, acMag).mq(mq).set(regs).halt(T).run();

describe('§5.7 TRA / TTR', () => {
  it('TRA goes to Y, indexed (2 cycles)', () => {
    Runner.of(op('TRA', T + 0o10, 2)).xr(2, 0o10).halt(T, T + 0o10).run().expectHalt(T).expectCycles(2);
  });
  it('TTR goes to Y (2 cycles)', () => {
    Runner.of(op('TTR', T)).halt(T).run().expectHalt(T).expectCycles(2);
  });
});

describe('§5.7 TZE / TNZ look at Q,P,1-35 and ignore the sign', () => {
  for (const [name, sign, mag, zero] of [
    ['+0', 0, 0, true], ['-0', 1, 0, true], ['+1', 0, 1, false], ['P only', 0, P, false], ['Q only', 1, Q, false],
  ] as const) {
    it(`AC ${name}: TZE ${zero ? 'transfers' : 'falls through'}, TNZ the opposite (2 cycles each)`, () => {
      test1('TZE', sign, mag).expectHalt(zero ? T : FALL).expectCycles(2);
      test1('TNZ', sign, mag).expectHalt(zero ? FALL : T).expectCycles(2);
    });
  }
});

describe('§5.7 TPL / TMI look at the sign only', () => {
  it('+0 is plus, -0 is minus', () => {
    test1('TPL', 0, 0).expectHalt(T).expectCycles(2);
    test1('TPL', 1, 0).expectHalt(FALL).expectCycles(2);
    test1('TMI', 1, 0).expectHalt(T).expectCycles(2);
    test1('TMI', 0, 0).expectHalt(FALL).expectCycles(2);
  });
  it('Q,P do not matter', () => {
    test1('TPL', 0, Q + P).expectHalt(T);
    test1('TMI', 0, Q + P).expectHalt(FALL);
  });
});

describe('§5.7 TOV / TNO / TQO (test and clear indicators)', () => {
  it('TOV on: clears the indicator and transfers', () => {
    test1('TOV', 0, 0, 0, { acOverflow: true }).expectHalt(T).expectOverflow(false).expectCycles(2);
  });
  it('TOV off: falls through', () => test1('TOV', 0, 0).expectHalt(FALL).expectOverflow(false).expectCycles(2));
  it('TNO off: transfers', () => test1('TNO', 0, 0).expectHalt(T).expectOverflow(false).expectCycles(2));
  it('TNO on: clears it and falls through', () => {
    test1('TNO', 0, 0, 0, { acOverflow: true }).expectHalt(FALL).expectOverflow(false).expectCycles(2);
  });
  it('TQO on: clears the MQ overflow indicator and transfers; off: falls through', () => {
    test1('TQO', 0, 0, 0, { mqOverflow: true, acOverflow: true }).expectHalt(T).expectOverflow(true, false).expectCycles(2);
    test1('TQO', 0, 0).expectHalt(FALL).expectCycles(2);
  });
  it('TOV does not look at the MQ indicator, TQO not at the AC one', () => {
    test1('TOV', 0, 0, 0, { mqOverflow: true }).expectHalt(FALL).expectOverflow(false, true);
    test1('TQO', 0, 0, 0, { acOverflow: true }).expectHalt(FALL).expectOverflow(true, false);
  });
});

describe('§5.7 TQP', () => {
  it('transfers on MQ sign +, including +0; not on -0', () => {
    test1('TQP', 1, 0, pos(0)).expectHalt(T).expectCycles(2);
    test1('TQP', 0, 0, neg(0)).expectHalt(FALL).expectCycles(2);
    test1('TQP', 0, 0, pos(MAG)).expectHalt(T);
  });
});

describe('§5.7 TLQ: transfer if C(MQ) < C(AC) algebraically', () => {
  const cases: [string, number, number, number, boolean][] = [
    ['MQ -0 < AC +0', 0, 0, neg(0), true],
    ['MQ +0 not < AC -0', 1, 0, pos(0), false],
    ['MQ +0 = AC +0: no transfer', 0, 0, pos(0), false],
    ['MQ -0 = AC -0: no transfer', 1, 0, neg(0), false],
    ['MQ -5 < AC -3', 1, 3, neg(5), true],
    ['MQ -3 not < AC -5', 1, 5, neg(3), false],
    ['MQ 3 < AC 5', 0, 5, pos(3), true],
    ['MQ 5 = AC 5', 0, 5, pos(5), false],
    ['MQ +1 < AC with only Q set (SIMH ignores Q, §11 item 13)', 0, Q, pos(1), true],
    ['MQ all ones < AC with P set', 0, P, pos(MAG), true],
    ['MQ -1 not < AC -(P)', 1, P, neg(1), false],
  ];
  for (const [name, s, m, mq, taken] of cases) {
    it(`${name}: ${taken ? 'transfers' : 'falls through'}`, () => test1('TLQ', s, m, mq).expectHalt(taken ? T : FALL).expectCycles(2));
  }
});

describe('§5.7 CAS: AC > C(Y) -> L+1, = -> L+2, < -> L+3 (3 cycles each)', () => {
  const D = 0o200;
  const cas = (acSign: number, acMag: number, y: number) =>
    new Runner([op('CAS', D), op('HTR', 0o1001), op('HTR', 0o1002), op('HTR', 0o1003)]).acRaw(acSign, acMag).mem(D, y).run();
  const exit = (n: 1 | 2 | 3) => 0o1000 + n;
  const cases: [string, number, number, number, 1 | 2 | 3][] = [
    ['+0 > -0', 0, 0, neg(0), 1],
    ['-0 < +0', 1, 0, pos(0), 3],
    ['-0 = -0', 1, 0, neg(0), 2],
    ['+0 = +0', 0, 0, pos(0), 2],
    ['5 = 5', 0, 5, pos(5), 2],
    ['-5 = -5', 1, 5, neg(5), 2],
    ['6 > 5', 0, 6, pos(5), 1],
    ['4 < 5', 0, 4, pos(5), 3],
    ['-5 < -3', 1, 5, neg(3), 3],
    ['-3 > -5', 1, 3, neg(5), 1],
    ['-1 < +0', 1, 1, pos(0), 3],
    ['AC P set > all ones', 0, P, pos(MAG), 1],
    ['AC -(Q) < -(all ones)', 1, Q, neg(MAG), 3],
    ['AC +(Q + 5) is not equal to 5', 0, Q + 5, pos(5), 1],
  ];
  for (const [name, s, m, y, n] of cases) {
    it(`${name}: L+${n}`, () => {
      const r = cas(s, m, y);
      r.expectHalt(exit(n));
      expect(r.cpu.cycles, 'CAS 3 + HTR 2').toBe(5);
    });
  }
  it('CAS is indexed', () => {
    new Runner([op('CAS', D + 1, 1), op('HTR', 0o1001), op('HTR', 0o1002), op('HTR', 0o1003)]).xr(1, 1).ac(pos(7)).mem(D, pos(7)).run()
      .expectHalt(0o1002);
  });
});

describe('§5.7 HTR / HPR / NOP', () => {
  it('HTR stops; IC shows Y; Start resumes at Y (I and E: 2 cycles)', () => {
    const r = Runner.of(op('HTR', T)).mem(T, op('CLA', 0o200)).mem(0o200, pos(3)).run();
    r.expectHalt(T);
    expect(r.cpu.cycles).toBe(2);
    expect(r.cpu.instructions).toBe(1);
    expect(r.stop.message).toMatch(/00300/);
    r.mem(T + 1, op('HTR', 0o777)).run().expectHalt(0o777).expectAc(pos(3));
  });
  it('HTR is indexed', () => {
    Runner.of(op('HTR', T + 4, 4)).xr(4, 4).run().expectHalt(T);
  });
  it('HPR stops; IC shows L+1; Start resumes there (2 cycles)', () => {
    const r = Runner.of(op('HPR'), op('CLA', 0o200)).mem(0o200, pos(4)).run();
    r.expectHalt(0o101);
    expect(r.cpu.cycles).toBe(2);
    r.run().expectHalt(0o102).expectAc(pos(4));
  });
  it('NOP does nothing (2 cycles)', () => {
    Runner.of(op('NOP')).acRaw(1, Q + 5).mq(7).run().expectAcRaw(1, Q + 5).expectMq(7).expectHalt(0o101).expectCycles(2);
  });
});
