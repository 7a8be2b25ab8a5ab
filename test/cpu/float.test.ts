// ibm704.md §5.5 floating point, procedures §6.1-§6.3 with the gate-level corrections §6.5,
// spill per §6.1 step 10 (the characteristic's excess shows in Q,P), cycles per §9.4.

import { describe, expect, it } from 'vitest';
import { P, Runner, SIGN, fp, op } from './runner.ts';

const D = 0o200;
const P26 = 2 ** 26, P27 = 2 ** 27;
const ONE = fp(0, 0o201, P26); // 1.0
const MINUS_ONE = fp(1, 0o201, P26);
/** AC magnitude of a floating AC with a 10-bit characteristic (negative ones wrap in Q,P,1-8). */
const acFloat = (char: number, frac: number) => (((char % 1024) + 1024) % 1024) * P27 + frac;

const fl = (mn: string, ac: number, y: number, mq = 0) => Runner.of(op(mn, D)).ac(ac).mq(mq).mem(D, y).run();

describe('§6.1 FAD / FSB: normalised add', () => {
  it('1.0 + 1.0 = 2.0; MQ gets characteristic - 27 and the sign of the smaller operand (7 cycles)', () => {
    fl('FAD', ONE, ONE, 0o777).expectAc(fp(0, 0o202, P26)).expectMq(fp(0, 0o202 - 27, 0)).expectOverflow(false, false).expectCycles(7);
  });

  it('the MQ is cleared first (step 1): a stale MQ does not leak into the result', () => {
    fl('FAD', ONE, ONE, fp(1, 0o377, P27 - 1)).expectMq(fp(0, 0o147, 0));
  });

  it('1.0 + (-1.0) = +0, a normal zero, MQ +0 (6 cycles)', () => {
    fl('FAD', ONE, MINUS_ONE).expectAcRaw(0, 0).expectMq(0).expectCycles(6);
  });

  it('(-1.0) + 1.0 = -0: equal characteristics give the AC\'s original sign', () => {
    fl('FAD', MINUS_ONE, ONE).expectAcRaw(1, 0).expectMq(SIGN);
  });

  it('a zero AC fraction with a non-zero MQ tail still gives a normal zero; MQ keeps the tail (§6.1 step 7, §11 item 1)', () => {
    fl('FAD', fp(0, 0o200, P26 + 1), fp(1, 0o201, P26 / 2)).expectAcRaw(0, 0).expectMq(0o000400000000).expectCycles(6);
  });

  it('alike signs with a tail: the MQ holds the low part with the same sign', () => {
    fl('FAD', fp(0, 0o175, P26 + 1), ONE).expectAc(fp(0, 0o201, P26 + 2 ** 22)).expectMq(fp(0, 0o146, 2 ** 23)).expectCycles(7);
  });

  it('unlike signs with a tail: AC one unit larger than truncation, MQ the complementary tail with the smaller operand\'s sign (steps 7, 9)', () => {
    // 1.0 - (0.5 + 2^-27) * 2^-3 = 1 - 2^-4 - 2^-30 = AC (1 - 2^-4) + MQ (-2^-30)
    fl('FAD', fp(1, 0o175, P26 + 1), ONE).expectAc(fp(0, 0o200, P27 - 2 ** 23)).expectMq(fp(1, 0o145, 2 ** 24)).expectCycles(7);
  });

  it('FSB 1.0 - 0.75 = 0.25; the MQ takes the sign of the smaller operand (-) though the result is +', () => {
    fl('FSB', ONE, fp(0, 0o200, 3 * 2 ** 25)).expectAc(fp(0, 0o177, P26)).expectMq(fp(1, 0o143, 0)).expectCycles(7);
  });

  it('FSB 1.0 - 1.0 = +0 (6 cycles); FSB of -0.0 adds', () => {
    fl('FSB', ONE, ONE).expectAcRaw(0, 0).expectCycles(6);
    fl('FSB', ONE, fp(1, 0o201, P26)).expectAc(fp(0, 0o202, P26));
  });

  it('FAD normalises unnormalised operands (n = 25 shifts: 7 + 6 = 13 cycles)', () => {
    fl('FAD', fp(0, 0o200, 1), fp(0, 0o200, 1)).expectAc(fp(0, 0o200 - 25, P26)).expectMq(fp(0, 0o200 - 25 - 27, 0)).expectCycles(13);
  });

  it('0 + 1.0 = 1.0 in either order, d = 129: 7 + 10 = 17 cycles (§9.4)', () => {
    fl('FAD', 0, ONE).expectAc(ONE).expectMq(fp(0, 0o146, 0)).expectCycles(17);
    fl('FAD', ONE, 0).expectAc(ONE).expectCycles(17);
  });
});

describe('§6.1 UFA / UFS: unnormalised add (steps 7 and 9 skipped)', () => {
  it('UFA 1.0 + (-1.0) keeps the characteristic: no normal zero (5 cycles)', () => {
    fl('UFA', ONE, MINUS_ONE).expectAc(fp(0, 0o201, 0)).expectMq(fp(0, 0o146, 0)).expectCycles(5);
  });
  it('UFA does not normalise', () => {
    fl('UFA', fp(0, 0o200, 1), fp(0, 0o200, 1)).expectAc(fp(0, 0o200, 2)).expectMq(fp(0, 0o145, 0)).expectCycles(5);
  });
  it('UFA still carries into the characteristic', () => {
    fl('UFA', ONE, ONE).expectAc(fp(0, 0o202, P26)).expectMq(fp(0, 0o147, 0));
  });
  it('UFA with unlike signs and a tail: no one-unit adjustment, MQ holds the tail with its own sign', () => {
    fl('UFA', fp(1, 0o175, P26 + 1), ONE).expectAc(fp(0, 0o201, P26 - 2 ** 22)).expectMq(fp(1, 0o146, 2 ** 23));
  });
  it('UFS 1.0 - 1.0 leaves +201000000000', () => {
    fl('UFS', ONE, ONE).expectAc(fp(0, 0o201, 0)).expectCycles(5);
  });
});

describe('§6.1 step 10: spill sets the indicators, the characteristic shows in Q,P', () => {
  it('FAD overflow: characteristic 256 sets P and the AC overflow indicator', () => {
    fl('FAD', fp(0, 0o377, P26), fp(0, 0o377, P26)).expectAcRaw(0, P + P26).expectOverflow(true, false)
      .expectMq(fp(0, 256 - 27, 0));
  });
  it('FAD underflow: characteristic -25 (10-bit, Q,P set) sets both indicators', () => {
    fl('FAD', fp(0, 1, P26 + 1), fp(1, 1, P26)).expectAcRaw(0, acFloat(-25, P26)).expectOverflow(true, true)
      .expectMq(fp(0, (-52 + 256) % 256, 0)).expectCycles(13);
  });
  it('a small result spills only the MQ characteristic', () => {
    fl('FAD', fp(0, 0o20, P26), fp(0, 0o20, P26)).expectAc(fp(0, 0o21, P26)).expectOverflow(false, true)
      .expectMq(fp(0, 17 - 27 + 256, 0));
  });
  it('TOV and TQO see and clear the spill indicators', () => {
    Runner.of(op('FAD', D), op('TOV', 0o300)).ac(fp(0, 0o377, P26)).mem(D, fp(0, 0o377, P26)).halt(0o300).run()
      .expectHalt(0o300).expectOverflow(false);
    Runner.of(op('FAD', D), op('TQO', 0o300)).ac(fp(0, 0o20, P26)).mem(D, fp(0, 0o20, P26)).halt(0o300).run()
      .expectHalt(0o300).expectOverflow(false, false);
  });
});

describe('§6.5 item 2: FAD with P set in the AC', () => {
  it('the AC operand takes sign S OR P at the exchange: +P,1.5 + 1.0 acts as -1.5 + 1.0 = -0.5', () => {
    Runner.of(op('FAD', D)).acRaw(0, P + fp(0, 0o201, 3 * 2 ** 25)).mem(D, ONE).run()
      .expectAc(fp(1, 0o200, P26)).expectMq(fp(0, 0o144, 0)).expectCycles(7);
  });
  it('the alignment count wraps modulo 256 (d = 64 - 129 = 191: 7 + 15 = 22 cycles)', () => {
    Runner.of(op('FAD', D)).acRaw(0, P + fp(0, 0o100, P26)).mem(D, ONE).run()
      .expectAc(fp(1, 0o100, P26)).expectMq(fp(0, 0o44, 0)).expectCycles(22);
  });
});

describe('§6.2 FMP / UFM', () => {
  it('1.0 x 1.0 = 1.0, normalised by one place; MQ characteristic - 27 (17 cycles)', () => {
    Runner.of(op('FMP', D)).mq(ONE).mem(D, ONE).ac(0o123).run()
      .expectAc(ONE).expectMq(fp(0, 0o146, 0)).expectCycles(17);
  });
  it('0.75 x 0.75 = 0.5625 needs no shift', () => {
    const f = fp(0, 0o200, 3 * 2 ** 25);
    Runner.of(op('FMP', D)).mq(f).mem(D, f).run().expectAc(fp(0, 0o200, 9 * 2 ** 23)).expectMq(fp(0, 0o145, 0));
  });
  it('signs: (-1.0) x 1.0 = -1.0, MQ sign = AC sign', () => {
    Runner.of(op('FMP', D)).mq(ONE).mem(D, MINUS_ONE).run().expectAc(MINUS_ONE).expectMq(fp(1, 0o146, 0));
  });
  it('a zero multiplicand gives a normal zero with the product sign, MQ zero (17 cycles)', () => {
    Runner.of(op('FMP', D)).mq(MINUS_ONE).mem(D, 0).ac(ONE).run().expectAcRaw(1, 0).expectMq(SIGN).expectCycles(17);
  });
  it('§6.5 item 1: top 27 product bits zero, low part starting with 1: AC left as a one-unit fraction', () => {
    const f = fp(0, 0o200, 2 ** 13);
    Runner.of(op('FMP', D)).mq(f).mem(D, f).run().expectAc(fp(0, 0o177, 1)).expectMq(fp(0, 0o144, 0));
  });
  it('§6.5 item 1: top 27 product bits zero, low part starting with 0: AC normal zero, MQ the doubled low part', () => {
    const f = fp(0, 0o200, 1);
    Runner.of(op('FMP', D)).mq(f).mem(D, f).run().expectAcRaw(0, 0).expectMq(2);
  });
  it('§6.5 item 1: then MQ bits 9-15 also appear in MQ bits 1-7, bit 8 zero (gate-level model runs)', () => {
    // +201000007777 x +210000007777 on the model: AC +0, MQ +076177740002.
    Runner.of(op('FMP', D)).mq(0o201000007777).mem(D, 0o210000007777).run().expectAcRaw(0, 0).expectMq(0o076177740002);
    Runner.of(op('FMP', D)).mq(0o201000020000).mem(D, 0o210000010000).run().expectAcRaw(0, 0).expectMq(0o200400000000);
  });
  it('UFM does not normalise: 1.0 x 1.0 = 0.25 x 2^2', () => {
    Runner.of(op('UFM', D)).mq(ONE).mem(D, ONE).run().expectAc(fp(0, 0o202, 2 ** 25)).expectMq(fp(0, 0o147, 0)).expectCycles(17);
  });
  it('UFM of a product with zero top bits keeps the unshifted halves (no zero test)', () => {
    const f = fp(0, 0o200, 2 ** 13);
    Runner.of(op('UFM', D)).mq(f).mem(D, f).run().expectAc(fp(0, 0o200, 0)).expectMq(fp(0, 0o145, P26));
  });
  it('FMP overflow: 382 - 1 in the 10-bit characteristic, MQ 354 spills too', () => {
    const big = fp(0, 0o377, P26);
    Runner.of(op('FMP', D)).mq(big).mem(D, big).run().expectAcRaw(0, acFloat(381, P26)).expectOverflow(true, true)
      .expectMq(fp(0, 354 - 256, 0));
  });
  it('FMP underflow: characteristic -127, both indicators', () => {
    const tiny = fp(0, 1, P26);
    Runner.of(op('FMP', D)).mq(tiny).mem(D, tiny).run().expectAcRaw(0, acFloat(-127, P26)).expectOverflow(true, true)
      .expectMq(fp(0, -154 + 256, 0));
  });
});

describe('§6.3 FDP / FDH (with §6.5 items 3-5)', () => {
  it('1.0 / 2.0 = 0.5 in the MQ, remainder in the AC with characteristic - 27 (18 cycles)', () => {
    fl('FDP', ONE, fp(0, 0o202, P26)).expectMq(fp(0, 0o200, P26)).expectAc(fp(0, 0o147, 0)).expectCycles(18);
  });
  it('1.0 / 3.0: the MQ is cleared before division (SIMH leaks it, §11 item 2)', () => {
    const three = fp(0, 0o202, 3 * 2 ** 25);
    fl('FDP', ONE, three, 0o000777777777).expectMq(fp(0, 0o177, 0o525252525)).expectAc(fp(0, 0o146, 2 ** 25));
    fl('FDP', ONE, three, 0).expectMq(fp(0, 0o177, 0o525252525));
  });
  it('signs: quotient the xor, remainder the dividend sign', () => {
    const three = fp(0, 0o202, 3 * 2 ** 25);
    fl('FDP', MINUS_ONE, three).expectMq(fp(1, 0o177, 0o525252525)).expectAc(fp(1, 0o146, 2 ** 25));
    fl('FDP', ONE, SIGN + three).expectMq(fp(1, 0o177, 0o525252525)).expectAc(fp(0, 0o146, 2 ** 25));
  });
  it('divide check (dividend fraction >= 2 x divisor): AC unchanged, MQ = quotient sign with AC 35 in MQ 8 (3 cycles, goes on)', () => {
    const ac = fp(0, 0o201, P26 + 1);
    Runner.of(op('FDP', D)).ac(ac).mq(0o777).mem(D, fp(1, 0o201, P26 / 2)).run()
      .expectState({ divideCheck: true }).expectAc(ac).expectMq(SIGN + P27).expectCycles(3).expectHalt(0o101);
  });
  it('divide check by a zero divisor fraction', () => {
    fl('FDP', ONE, fp(0, 0o201, 0), 0o777).expectState({ divideCheck: true }).expectAc(ONE).expectMq(0).expectCycles(3);
  });
  it('zero dividend fraction: AC cleared to +0 (not the dividend sign), MQ zero with the quotient sign, no check (3 cycles)', () => {
    Runner.of(op('FDP', D)).acRaw(1, P + fp(0, 0o201, 0)).mq(0o777).mem(D, ONE).run()
      .expectAcRaw(0, 0).expectMq(SIGN).expectState({ divideCheck: false }).expectCycles(3);
  });
  it('0 / 0: AC +0, MQ zero with the quotient sign, divide check on (3 cycles)', () => {
    fl('FDP', 0, SIGN, 0o777).expectAcRaw(0, 0).expectMq(SIGN).expectState({ divideCheck: true }).expectCycles(3);
  });
  it('FDH divides like FDP (18 cycles)', () => {
    fl('FDH', ONE, fp(0, 0o202, P26)).expectHalt(0o101).expectMq(fp(0, 0o200, P26)).expectCycles(18);
  });
  it('FDH divide check halts with IC at L+1', () => {
    const r = Runner.of(op('FDH', D), op('CLA', D + 1)).ac(ONE).mem(D, fp(0, 0o201, 0), 0o55).run();
    r.expectHalt(0o101).expectState({ divideCheck: true }).expectAc(ONE);
    expect(r.cpu.instructions).toBe(1);
    r.run().expectHalt(0o102).expectAc(0o55);
  });
  it('FDH of a zero dividend by a non-zero divisor does not halt; 0/0 does', () => {
    fl('FDH', 0, ONE).expectHalt(0o101).expectState({ divideCheck: false }).expectCycles(3);
    const r = Runner.of(op('FDH', D), op('NOP')).ac(0).mem(D, 0).run();
    r.expectHalt(0o101).expectState({ divideCheck: true });
    expect(r.cpu.instructions).toBe(1);
  });
});
