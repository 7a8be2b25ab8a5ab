// ibm704.md §5.3 logical operations: the logical word of the AC is P,1-35 (§13 item 2).

import { describe, it } from 'vitest';
import { ACMAX, MAG, P, Q, Runner, neg, oct, op, pos } from './runner.ts';

const D = 0o200;

describe('§5.3 ANA / ANS', () => {
  it('ANA: P,1-35 AND S,1-35; AC S and Q cleared (3 cycles)', () => {
    Runner.of(op('ANA', D)).acRaw(1, Q + P + oct('070707070707')).mem(D, oct('777700000077')).run()
      .expectAcRaw(0, P + oct('070700000007')).expectCycles(3);
  });
  it('ANA: a positive word clears P', () => {
    Runner.of(op('ANA', D)).acRaw(1, P + 5).mem(D, pos(MAG)).run().expectAcRaw(0, 5);
  });
  it('ANS: C(Y) := AC P,1-35 AND C(Y); the AC is unchanged (4 cycles)', () => {
    Runner.of(op('ANS', D)).acRaw(1, Q + P + 0o17).mem(D, oct('-000000000072')).run()
      .expectMem(D, oct('-000000000012')).expectAcRaw(1, Q + P + 0o17).expectCycles(4);
    Runner.of(op('ANS', D)).acRaw(1, 0o17).mem(D, oct('-000000000072')).run()
      .expectMem(D, pos(0o12));
  });
});

describe('§5.3 ORA / ORS', () => {
  it('ORA: P,1-35 OR S,1-35; AC S and Q unchanged (2 cycles)', () => {
    Runner.of(op('ORA', D)).acRaw(1, Q + 0o700).mem(D, oct('-000000000007')).run()
      .expectAcRaw(1, Q + P + 0o707).expectCycles(2);
    Runner.of(op('ORA', D)).acRaw(0, 0).mem(D, pos(0o5)).run().expectAcRaw(0, 5);
  });
  it('ORS: C(Y) := AC P,1-35 OR C(Y); AC unchanged (2 cycles)', () => {
    Runner.of(op('ORS', D)).acRaw(1, Q + P + 0o70).mem(D, pos(0o7)).run()
      .expectMem(D, oct('400000000077')).expectAcRaw(1, Q + P + 0o70).expectCycles(2);
    Runner.of(op('ORS', D)).acRaw(1, 0o70).mem(D, pos(0o7)).run().expectMem(D, pos(0o77));
  });
});

describe('§5.3 ACL: 36-bit add to P,1-35 with end-around carry', () => {
  it('adds the memory sign as a data bit (into P), no overflow (2 cycles)', () => {
    Runner.of(op('ACL', D)).acRaw(1, 3).mem(D, neg(4)).run().expectAcRaw(1, P + 7).expectOverflow(false).expectCycles(2);
  });
  it('a carry out of P comes back into bit 35; Q and S unchanged; no overflow', () => {
    Runner.of(op('ACL', D)).acRaw(1, Q + P + MAG).mem(D, pos(1)).run().expectAcRaw(1, Q + 1).expectOverflow(false);
    Runner.of(op('ACL', D)).acRaw(0, P + 5).mem(D, neg(MAG)).run().expectAcRaw(0, P + 5);
  });
  it('a carry from bit 1 into P is an ordinary carry, not an overflow', () => {
    Runner.of(op('ACL', D)).acRaw(0, MAG).mem(D, pos(1)).run().expectAcRaw(0, P).expectOverflow(false);
  });
});

describe('§5.3 COM / CLM / CHS / SSP / SSM (0760 group)', () => {
  it('COM complements Q,P,1-35, sign unchanged (2 cycles)', () => {
    Runner.of(op('COM')).acRaw(1, 5).run().expectAcRaw(1, ACMAX - 5).expectCycles(2);
    Runner.of(op('COM')).acRaw(0, ACMAX).run().expectAcRaw(0, 0);
  });
  it('CLM clears Q,P,1-35 and keeps the sign (-5 becomes -0)', () => {
    Runner.of(op('CLM')).acRaw(1, Q + P + 5).run().expectAcRaw(1, 0).expectCycles(2);
  });
  it('CHS inverts the sign (also of zero), keeps Q,P', () => {
    Runner.of(op('CHS')).acRaw(0, 0).run().expectAcRaw(1, 0).expectCycles(2);
    Runner.of(op('CHS')).acRaw(1, Q + 5).run().expectAcRaw(0, Q + 5);
  });
  it('SSP makes the sign +, SSM makes it -', () => {
    Runner.of(op('SSP')).acRaw(1, P + 5).run().expectAcRaw(0, P + 5).expectCycles(2);
    Runner.of(op('SSP')).acRaw(0, 5).run().expectAcRaw(0, 5);
    Runner.of(op('SSM')).acRaw(0, Q + 5).run().expectAcRaw(1, Q + 5).expectCycles(2);
    Runner.of(op('SSM')).acRaw(1, 5).run().expectAcRaw(1, 5);
  });
  it('XOR synthesised from AND/OR/COM (no ERA on the 704, §5.3)', () => {
    // a xor b = (a OR b) AND NOT (a AND b), on the logical word P,1-35
    const a = oct('123456701234'), b = oct('765432107654');
    const T = 0o300;
    Runner.of(
      op('CAL', D), op('ANA', D + 1), op('COM'), op('SLW', T), // T = NOT(a AND b)
      op('CAL', D), op('ORA', D + 1), op('ANA', T), op('SLW', T + 1),
    ).mem(D, a, b).run().expectMem(T + 1, oct('646064606460'));
  });
});
