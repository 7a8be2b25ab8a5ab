// ibm704.md §9: cycle counts (12 µs each) for every instruction class, measured on the
// gate-level model [V] or given by IBM [IBM]. Emulated cycles only; no wall-clock time here.

import { describe, expect, it } from 'vitest';
import { Exec, MAG, Runner, fp, neg, oct, op, pos, type Regs } from './runner.ts';

const D = 0o200;
const T = 0o300;

/** Cycles of one instruction executed with the given registers (and C(D) = `y`). */
function cyclesOf(word: number, regs: Partial<Regs> = {}, y = pos(1)): number {
  const r = Runner.of(word).set(regs).mem(D, y).run(1);
  expect(r.cpu.instructions, 'one instruction executed').toBe(1);
  return r.cpu.cycles;
}

describe('§9.1 the per-class table', () => {
  const two = ['CLA', 'CLS', 'CAL', 'LDQ', 'STO', 'SLW', 'STQ', 'STZ', 'STA', 'STD', 'STP', 'SLQ', 'ADD', 'SUB', 'ADM', 'SBM', 'ACL', 'ORA', 'ORS'];
  for (const mn of two) it(`${mn}: 2 (I, E)`, () => expect(cyclesOf(op(mn, D))).toBe(2));
  for (const mn of ['LXA', 'LXD', 'SXD']) it(`${mn}: 2 (I, E)`, () => expect(cyclesOf(op(mn, D, 1))).toBe(2));
  it('ANA: 3 (I, E, ER)', () => expect(cyclesOf(op('ANA', D))).toBe(3));
  it('ANS: 4 (I, E, ER, E)', () => expect(cyclesOf(op('ANS', D))).toBe(4));
  it('CAS: 3 for each of its three exits', () => {
    expect(cyclesOf(op('CAS', D), { acMag: 2 }, pos(1))).toBe(3);
    expect(cyclesOf(op('CAS', D), { acMag: 1 }, pos(1))).toBe(3);
    expect(cyclesOf(op('CAS', D), { acMag: 0 }, pos(1))).toBe(3);
  });

  const transfers: [string, number, Partial<Regs>, Partial<Regs>][] = [
    // name, word, registers making it transfer, registers making it fall through
    ['TRA', op('TRA', T), {}, {}],
    ['TTR', op('TTR', T), {}, {}],
    ['TZE', op('TZE', T), { acMag: 0 }, { acMag: 1 }],
    ['TNZ', op('TNZ', T), { acMag: 1 }, { acMag: 0 }],
    ['TPL', op('TPL', T), { acSign: 0 }, { acSign: 1 }],
    ['TMI', op('TMI', T), { acSign: 1 }, { acSign: 0 }],
    ['TOV', op('TOV', T), { acOverflow: true }, {}],
    ['TNO', op('TNO', T), {}, { acOverflow: true }],
    ['TQO', op('TQO', T), { mqOverflow: true }, {}],
    ['TQP', op('TQP', T), { mq: 0 }, { mq: neg(0) }],
    ['TLQ', op('TLQ', T), { acMag: 2, mq: 1 }, { acMag: 1, mq: 2 }],
    ['TSX', op('TSX', T, 4), {}, {}],
    ['TXI', op('TXI', T, 1, 1), {}, {}],
    ['TIX', op('TIX', T, 1, 1), { xr1: 2 }, { xr1: 1 }],
    ['TNX', op('TNX', T, 1, 1), { xr1: 1 }, { xr1: 2 }],
    ['TXH', op('TXH', T, 1, 1), { xr1: 2 }, { xr1: 1 }],
    ['TXL', op('TXL', T, 1, 1), { xr1: 1 }, { xr1: 2 }],
  ];
  for (const [mn, word, taken, notTaken] of transfers) {
    it(`${mn}: 2 (I, ER), taken or not`, () => {
      expect(cyclesOf(word, taken)).toBe(2);
      expect(cyclesOf(word, notTaken)).toBe(2);
    });
  }

  const er = ['PAX', 'PDX', 'PXD', 'NOP', 'RND', 'COM', 'CLM', 'CHS', 'SSP', 'SSM', 'LBT', 'PBT', 'DCT', 'ETT', 'RTT', 'ETM', 'LTM', 'SLF', 'CFF', 'SPT'];
  for (const mn of er) it(`${mn}: 2 (I, ER)`, () => expect(cyclesOf(op(mn, 0, mn.startsWith('P') && mn.endsWith('X') ? 1 : 0), { acMag: 1, mq: pos(2 ** 34) })).toBe(2));
  it('SLN, SLT, SWT, SPR, SPU: 2 whether or not they skip', () => {
    expect(cyclesOf(op('SLN', 1))).toBe(2);
    expect(cyclesOf(op('SLT', 1), { senseLights: 1 })).toBe(2);
    expect(cyclesOf(op('SLT', 1))).toBe(2);
    expect(cyclesOf(op('SWT', 2), { senseSwitches: 2 })).toBe(2);
    expect(cyclesOf(op('SWT', 2))).toBe(2);
    expect(cyclesOf(op('SPR', 2))).toBe(2);
    expect(cyclesOf(op('SPU', 1))).toBe(2);
  });
  it('RDS, WRS and their aliases: 2 when no unit is still connected (§9.6)', () => {
    for (const w of [op('RCD'), op('WPU'), op('WPR'), op('IOD'), op('RDS', 0o321), op('WRS', 0o341)]) expect(cyclesOf(w)).toBe(2);
  });
  it('HTR and HPR: an I and an E cycle before the stop', () => {
    expect(Runner.of(op('HTR', T)).run().cpu.cycles).toBe(2);
    expect(Runner.of(op('HPR')).run().cpu.cycles).toBe(2);
  });
});

describe('§9.2 shifts: 1 + ceil((n + 3) / 12) for every n from 0 to 255', () => {
  const formula = (n: number) => 1 + Math.ceil((n + 3) / 12);
  it('the spec\'s examples: ALS 4 = 2, ARS 9 = 2, LRS 18 = 3, LLS 35 = 5, ALS 64 = 7, n = 255: 23', () => {
    expect([cyclesOf(op('ALS', 4)), cyclesOf(op('ARS', 9)), cyclesOf(op('LRS', 18)), cyclesOf(op('LLS', 35)), cyclesOf(op('ALS', 64)), cyclesOf(op('RQL', 255))])
      .toEqual([2, 2, 3, 5, 7, 23]);
  });
  for (const mn of ['ALS', 'ARS', 'LLS', 'LRS', 'LGL', 'RQL']) {
    it(`${mn} for n = 0..255 with all-ones, negative and zero operands`, () => {
      const ex = new Exec();
      const bad: string[] = [];
      for (let n = 0; n < 256; n++) {
        for (const regs of [{ acSign: 0, acMag: 2 ** 37 - 1, mq: 2 ** 36 - 1 }, { acSign: 1, acMag: 5, mq: neg(3) }, { acSign: 0, acMag: 0, mq: 0 }]) {
          ex.exec(op(mn, n), regs);
          if (ex.m.cpu.cycles !== formula(n)) bad.push(`${mn} ${n}: ${ex.m.cpu.cycles}`);
        }
      }
      expect(bad).toEqual([]);
    });
  }
});

describe('§9.3 multiply and divide', () => {
  it('MPY and MPR: 20 whatever the operands, zeros included', () => {
    for (const mn of ['MPY', 'MPR']) {
      expect(cyclesOf(op(mn, D), { mq: 0 }, pos(5))).toBe(20);
      expect(cyclesOf(op(mn, D), { mq: pos(5) }, neg(0))).toBe(20);
      expect(cyclesOf(op(mn, D), { mq: neg(MAG) }, neg(MAG))).toBe(20);
      expect(cyclesOf(op(mn, D), { mq: pos(2 ** 34) }, pos(3))).toBe(20); // MPR rounds here: no extra cycle
    }
  });
  it('DVH and DVP: 20 when dividing, 3 on divide check', () => {
    for (const mn of ['DVH', 'DVP']) {
      expect(cyclesOf(op(mn, D), { acMag: 0, mq: pos(17) }, pos(5))).toBe(20);
      expect(cyclesOf(op(mn, D), { acMag: 5, mq: pos(17) }, pos(5))).toBe(3);
      expect(cyclesOf(op(mn, D), { acMag: 0, mq: pos(17) }, pos(0))).toBe(3);
    }
  });
});

describe('§9.4 floating point', () => {
  const ONE = fp(0, 0o201, 2 ** 26);
  const ac = (w: number): Partial<Regs> => ({ acSign: w >= 2 ** 35 ? 1 : 0, acMag: w % 2 ** 35 });
  const fad = (mn: string, a: number, y: number) => cyclesOf(op(mn, D), ac(a), y);

  it('FAD alignment: 7 + floor(d/12) for d = 0, 11, 12, 23, 24, 60, 255 with n = 0', () => {
    const withD = (d: number) => fad('FAD', fp(0, 0, 2 ** 26), fp(0, d, 2 ** 26));
    const near = (d: number) => fad('FAD', ONE, fp(0, 0o201 + d, 2 ** 26));
    expect([near(0) /* carry: no left shift */, near(11), near(12), near(23), near(24), near(60), withD(255)])
      .toEqual([7, 7, 8, 8, 9, 12, 28]);
  });
  it('0 + 1.0 takes 7 + floor(129/12) = 17 in either order', () => {
    expect(fad('FAD', 0, ONE)).toBe(17);
    expect(fad('FAD', ONE, 0)).toBe(17);
  });
  it('FAD normalisation: + floor(n/4) for n = 3, 4, 7, 8, 26 (d = 0)', () => {
    const withN = (n: number) => fad('FAD', fp(0, 0o200, 2 ** (26 - n)), fp(0, 0o200, 0));
    expect([withN(3), withN(4), withN(7), withN(8), withN(26)]).toEqual([7, 8, 8, 9, 13]);
  });
  it('FAD zero sums: 6 + floor(d/12)', () => {
    expect(fad('FAD', ONE, fp(1, 0o201, 2 ** 26))).toBe(6);
    expect(fad('FAD', 0, 0)).toBe(6);
    expect(fad('FAD', fp(0, 0o165, 2 ** 26 + 1), fp(1, 0o201, 2 ** 14))).toBe(7); // d = 12, AC fraction cancels
  });
  it('FSB as FAD', () => {
    expect(fad('FSB', ONE, ONE)).toBe(6);
    expect(fad('FSB', ONE, fp(1, 0o201, 2 ** 26))).toBe(7);
    expect(fad('FSB', ONE, fp(1, 0o215, 2 ** 26))).toBe(8);
  });
  it('UFA and UFS: 5 + floor(d/12), no normalisation time, zero sums the same', () => {
    expect(fad('UFA', ONE, ONE)).toBe(5);
    expect(fad('UFA', ONE, fp(0, 0o215, 2 ** 26))).toBe(6);
    expect(fad('UFA', 0, ONE)).toBe(15);
    expect(fad('UFA', fp(0, 0o200, 1), fp(0, 0o200, 0))).toBe(5);
    expect(fad('UFS', ONE, ONE)).toBe(5);
    expect(fad('UFS', ONE, fp(0, 0o215, 2 ** 26))).toBe(6);
  });
  it('FMP and UFM: 17 for all operands, zeros included', () => {
    for (const mn of ['FMP', 'UFM']) {
      expect(cyclesOf(op(mn, D), { mq: ONE }, ONE)).toBe(17);
      expect(cyclesOf(op(mn, D), { mq: ONE }, 0)).toBe(17);
      expect(cyclesOf(op(mn, D), { mq: 0 }, 0)).toBe(17);
    }
  });
  it('FDH and FDP: 18; 3 on divide check or a zero dividend fraction', () => {
    for (const mn of ['FDH', 'FDP']) {
      expect(fad(mn, ONE, fp(0, 0o202, 2 ** 26))).toBe(18);
      expect(fad(mn, ONE, fp(0, 0o201, 2 ** 25))).toBe(3);
      expect(fad(mn, ONE, 0)).toBe(3);
      expect(fad(mn, 0, ONE)).toBe(3);
    }
  });
});

describe('§9.5 trapping mode: transfers 3, TTR 2 (each transfer is checked in trapping.test.ts)', () => {
  it('TRA 3, TTR 2, CAS 3 in trapping mode', () => {
    expect(cyclesOf(op('TRA', T), { trapMode: true })).toBe(3);
    expect(cyclesOf(op('TTR', T), { trapMode: true })).toBe(2);
    expect(cyclesOf(op('CAS', D), { trapMode: true, acMag: 5 })).toBe(3);
  });
});

describe('§9.7 and §9.8 cross-checks', () => {
  it('a CLA, ADD, STO, TIX loop costs 8 cycles a pass', () => {
    const body = [op('CLA', D), op('ADD', D + 1), op('STO', D), op('TIX', 0o101, 1, 1)];
    const r = new Runner([op('LXA', D + 2, 1), ...body]).mem(D, pos(0), pos(3), 10).run();
    r.expectAc(pos(30)).expectCycles(2 + 10 * 8);
  });

  it('Samuel\'s bit count: 16 instructions, 34 cycles = 408 µs, and the right count', () => {
    const BITS = 0o400, W = 0o500, S = 0o501, MASK = 0o502, TAB = 0o1400;
    const routine = [
      op('STO', W), op('ANA', MASK), op('PAX', 0, 1), op('PDX', 0, 2), op('CLA', TAB, 1), op('ADD', TAB, 2), op('STO', S),
      op('CLA', W), op('ARS', 9), op('ANA', MASK), op('PAX', 0, 1), op('PDX', 0, 2), op('CLA', TAB, 1), op('ADD', TAB, 2),
      op('ADD', S), op('TRA', 1, 4),
    ];
    const popcount = (x: number) => x.toString(2).split('').filter((c) => c === '1').length;
    // A board word: squares in bits 1-35 with bits 9, 18, 27 zero.
    const board = oct('354013277066') % 2 ** 35;
    const fields = board - (board % 2 ** 27 - (board % 2 ** 26)) - (board % 2 ** 18 - (board % 2 ** 17)) - (board % 2 ** 9 - (board % 2 ** 8));
    const r = Runner.of(op('TSX', BITS, 4)).mem(BITS, ...routine).mem(MASK, oct('000377000377')).ac(pos(fields));
    for (let x = 0; x < 256; x++) r.mem(TAB - x, pos(popcount(x)));
    r.run().expectHalt(0o101).expectAc(pos(popcount(fields))).expectInstructions(1 + 16 + 1).expectCycles(2 + 34);
  });
});

describe('§9.1 cycle counts accumulate across runs', () => {
  it('instructions and cycles keep counting when a stopped program is resumed', () => {
    const r = Runner.of(op('CLA', D), op('HPR'), op('ALS', 12)).run();
    expect([r.cpu.instructions, r.cpu.cycles]).toEqual([2, 4]);
    r.run();
    expect([r.cpu.instructions, r.cpu.cycles]).toEqual([4, 4 + 3 + 2]);
  });
});
