// ibm704.md §5.1 load and store (with §1 word fields and §2 AC layout: S, Q, P, 1-35).

import { describe, it } from 'vitest';
import { MAG, P, Q, Runner, neg, oct, op, pos } from './runner.ts';

const D = 0o200; // data

describe('§5.1 CLA / CLS / CAL / LDQ', () => {
  it('CLA: AC := C(Y), sign to S, Q and P cleared (2 cycles)', () => {
    Runner.of(op('CLA', D)).mem(D, neg(5)).acRaw(0, Q + P + 7).run()
      .expectAcRaw(1, 5).expectCycles(2);
  });

  it('CLA of -0 gives -0 (§1: two zeros)', () => {
    Runner.of(op('CLA', D)).mem(D, neg(0)).run().expectAcRaw(1, 0);
  });

  it('CLA is indexed: Y = address - C(XR1)', () => {
    Runner.of(op('CLA', D + 0o10, 1)).mem(D, pos(42)).xr(1, 0o10).run().expectAc(pos(42));
  });

  it('CLS: as CLA with the sign inverted; CLS of +0 gives -0', () => {
    Runner.of(op('CLS', D)).mem(D, neg(5)).run().expectAcRaw(0, 5).expectCycles(2);
    Runner.of(op('CLS', D)).mem(D, pos(0)).run().expectAcRaw(1, 0);
  });

  it('CAL: the memory sign lands in P, AC S and Q cleared', () => {
    Runner.of(op('CAL', D)).mem(D, neg(5)).acRaw(1, Q + 3).run().expectAcRaw(0, P + 5).expectCycles(2);
    Runner.of(op('CAL', D)).mem(D, pos(MAG)).acRaw(1, Q).run().expectAcRaw(0, MAG);
  });

  it('LDQ: MQ := C(Y), AC untouched', () => {
    Runner.of(op('LDQ', D)).mem(D, neg(0o1234)).acRaw(1, Q + 1).run()
      .expectMq(neg(0o1234)).expectAcRaw(1, Q + 1).expectCycles(2);
  });
});

describe('§5.1 STO / SLW / STQ / STZ', () => {
  it('STO stores S,1-35 and drops Q and P', () => {
    Runner.of(op('STO', D)).acRaw(1, Q + P + 7).run().expectMem(D, neg(7)).expectCycles(2);
  });

  it('STO of -0 stores -0', () => {
    Runner.of(op('STO', D)).acRaw(1, 0).mem(D, pos(9)).run().expectMem(D, neg(0));
  });

  it('SLW stores P,1-35 with P in bit S; the AC sign is not stored', () => {
    Runner.of(op('SLW', D)).acRaw(0, P + 5).run().expectMem(D, oct('400000000005')).expectCycles(2);
    Runner.of(op('SLW', D)).acRaw(1, 5).run().expectMem(D, pos(5));
    Runner.of(op('SLW', D)).acRaw(1, Q + 5).run().expectMem(D, pos(5));
  });

  it('STQ stores the whole MQ', () => {
    Runner.of(op('STQ', D)).mq(neg(0o777)).run().expectMem(D, neg(0o777)).expectCycles(2);
  });

  it('STZ stores +0 (over a negative word)', () => {
    Runner.of(op('STZ', D)).mem(D, neg(MAG)).run().expectMem(D, pos(0)).expectCycles(2);
  });
});

describe('§5.1 partial stores STA / STD / STP / SLQ (§1 field table)', () => {
  const old = oct('777777777777');
  it('STA replaces only the address, bits 21-35', () => {
    Runner.of(op('STA', D)).mem(D, old).ac(oct('+000001200345')).run()
      .expectMem(D, oct('777777700345')).expectCycles(2);
  });

  it('STA keeps the rest of C(Y) and takes AC 21-35 only', () => {
    Runner.of(op('STA', D)).mem(D, oct('-123456712345')).acRaw(1, Q + P + 0o7777700000 + 0o54321).run()
      .expectMem(D, oct('-123456754321'));
  });

  it('STD replaces only the decrement, bits 3-17', () => {
    Runner.of(op('STD', D)).mem(D, old).ac(oct('+012345000000')).run()
      .expectMem(D, oct('712345777777')).expectCycles(2);
    Runner.of(op('STD', D)).mem(D, 0).acRaw(1, Q + P + MAG).run()
      .expectMem(D, oct('077777000000'));
  });

  it('STP stores AC P,1,2 into S,1,2 (not the AC sign)', () => {
    Runner.of(op('STP', D)).mem(D, 0).acRaw(0, P + oct('300000000000')).run()
      .expectMem(D, oct('700000000000')).expectCycles(2);
    Runner.of(op('STP', D)).mem(D, old).acRaw(1, Q + oct('100000000000')).run()
      .expectMem(D, oct('177777777777'));
  });

  it('SLQ stores MQ S,1-17 into the left half, right half unchanged', () => {
    Runner.of(op('SLQ', D)).mem(D, oct('000000525252')).mq(oct('-123456654321')).run()
      .expectMem(D, oct('-123456525252')).expectCycles(2);
  });
});
