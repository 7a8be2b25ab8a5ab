// The CPU against the independent BigInt reference model (reference.ts) on thousands of seeded,
// edge-biased operands per instruction. A failure prints the seed's case number, the inputs and
// both results, so it can be replayed with the Runner.

import { describe, expect, it } from 'vitest';
import { Exec, ORIGIN, op } from './runner.ts';
import { Rng } from './random.ts';
import {
  type AddOp, type RefState, type ShiftOp, refAcl, refAdd, refAna, refCas, refDiv, refFad, refFdp, refFmp,
  refMpy, refOra, refRnd, refShift, refShiftCycles, refState, refTlq,
} from './reference.ts';

// Cases per instruction; set CPU_RANDOM_CASES (and CPU_RANDOM_SEED) for a longer soak.
const N = Number(process.env.CPU_RANDOM_CASES ?? 4000);
const SEED = Number(process.env.CPU_RANDOM_SEED ?? 0);
const Y = 0o4000; // operand address

const o = (v: number | bigint): string => v.toString(8);
const showState = (s: { acSign: number; acMag: number | bigint; mq: number | bigint; acOverflow: boolean; mqOverflow: boolean; divideCheck: boolean }) =>
  `AC ${s.acSign ? '-' : '+'}${o(s.acMag)} MQ ${o(s.mq)}${s.acOverflow ? ' ACOVF' : ''}${s.mqOverflow ? ' MQOVF' : ''}${s.divideCheck ? ' DVC' : ''}`;

interface Case { acSign: number; acMag: number; mq: number; y: number }

/**
 * Run `n` cases of one instruction: `gen` draws inputs, `ref` computes the expected state (and
 * optionally the next IC offset and cycles), and the CPU must agree on every register.
 */
function compare(
  name: string, word: number, seed: number, gen: (r: Rng) => Case,
  ref: (s: RefState, c: Case) => { next?: number; cycles?: number; mqMask?: bigint } | void,
  n = N,
): void {
  const rng = new Rng(seed + SEED);
  const ex = new Exec();
  const cpu = ex.m.cpu;
  const failures: string[] = [];
  let count = 0;
  for (let i = 0; i < n; i++) {
    const c = gen(rng);
    ex.exec(word, { acSign: c.acSign, acMag: c.acMag, mq: c.mq }, { [Y]: c.y });
    const s = refState(c.acSign, c.acMag, c.mq);
    const extra = ref(s, c) ?? {};
    const mask = extra.mqMask ?? (1n << 36n) - 1n;
    const got = { acSign: cpu.acSign, acMag: BigInt(cpu.acMag), mq: BigInt(cpu.mq) & mask, acOverflow: cpu.acOverflow, mqOverflow: cpu.mqOverflow, divideCheck: cpu.divideCheck };
    const want = { ...s, mq: s.mq & mask };
    let bad = showState(got) !== showState(want);
    const nextGot = cpu.ic - ORIGIN;
    if (extra.next !== undefined && nextGot !== extra.next) bad = true;
    if (extra.cycles !== undefined && cpu.cycles !== extra.cycles) bad = true;
    if (bad) {
      count++;
      if (failures.length < 6) {
        failures.push(`#${i} ${name}: AC ${c.acSign ? '-' : '+'}${o(c.acMag)} MQ ${o(c.mq)} C(Y) ${o(c.y)}\n`
          + `   want ${showState(want)}${extra.next !== undefined ? ` next L+${extra.next}` : ''}${extra.cycles !== undefined ? ` cycles ${extra.cycles}` : ''}\n`
          + `   got  ${showState(got)}${extra.next !== undefined ? ` next L+${nextGot}` : ''}${extra.cycles !== undefined ? ` cycles ${cpu.cycles}` : ''}`);
      }
    }
  }
  expect(failures, `${count} of ${n} ${name} cases differ from the reference`).toEqual([]);
}

const fixedCase = (r: Rng): Case => {
  const w = r.word();
  return { acSign: r.int(2), acMag: r.acMag(), mq: r.word(), y: w };
};

describe('reference model: fixed point (§5.2)', () => {
  for (const [i, name] of (['ADD', 'SUB', 'ADM', 'SBM'] as AddOp[]).entries()) {
    it(`${name} agrees on signs, zeros, Q/P carries and overflow (2 cycles, §9.1)`, () => {
      compare(name, op(name, Y), 100 + i, fixedCase, (s, c) => { refAdd(s, name, c.y); return { cycles: 2, next: 1 }; });
    });
  }

  it('MPY agrees (product signs incl. zero products; 20 cycles, §9.3)', () => {
    compare('MPY', op('MPY', Y), 110, (r) => ({ acSign: r.int(2), acMag: r.acMag(), mq: r.word(), y: r.word() }),
      (s, c) => { refMpy(s, c.y, false); return { cycles: 20 }; });
  });

  it('MPR agrees (MPY then RND of the magnitude; 20 cycles)', () => {
    compare('MPR', op('MPR', Y), 111, (r) => ({ acSign: r.int(2), acMag: r.acMag(), mq: r.word(), y: r.word() }),
      (s, c) => { refMpy(s, c.y, true); return { cycles: 20 }; });
  });

  it('DVP agrees (quotient, remainder sign, divide check with MQ sign; 20 or 3 cycles)', () => {
    compare('DVP', op('DVP', Y), 112, (r) => {
      // Mostly dividends smaller than the divisor, so that division happens.
      const y = r.word();
      const ym = y % 2 ** 35;
      const acMag = r.bool(0.75) && ym > 0 ? r.bits(35) % ym : r.acMag();
      return { acSign: r.int(2), acMag, mq: r.word(), y };
    }, (s, c) => ({ cycles: refDiv(s, c.y) ? 20 : 3, next: 1 }));
  });

  it('RND agrees (-5 -> -6: the magnitude grows, §5.2, §6.5)', () => {
    compare('RND', op('RND'), 113, (r) => ({ acSign: r.int(2), acMag: r.acMag(), mq: r.word(), y: 0 }), (s) => { refRnd(s); return { cycles: 2 }; });
  });
});

describe('reference model: logic (§5.3)', () => {
  const logicCase = (r: Rng): Case => ({ acSign: r.int(2), acMag: r.acMag(), mq: 0, y: r.word() });
  it('ACL agrees (end-around carry, Q and S kept; 2 cycles)', () => {
    compare('ACL', op('ACL', Y), 120, logicCase, (s, c) => { refAcl(s, c.y); return { cycles: 2 }; });
  });
  it('ANA agrees (P,1-35 AND S,1-35; S and Q cleared; 3 cycles)', () => {
    compare('ANA', op('ANA', Y), 121, logicCase, (s, c) => { refAna(s, c.y); return { cycles: 3 }; });
  });
  it('ORA agrees (P,1-35 OR S,1-35; S and Q kept; 2 cycles)', () => {
    compare('ORA', op('ORA', Y), 122, logicCase, (s, c) => { refOra(s, c.y); return { cycles: 2 }; });
  });
});

describe('reference model: shifts (§5.4, §9.2)', () => {
  const shifts: ShiftOp[] = ['ALS', 'ARS', 'LLS', 'LRS', 'LGL', 'RQL'];
  for (const [i, name] of shifts.entries()) {
    it(`${name} agrees for counts 0-255 on edge operands`, () => {
      let n = 0;
      const gen = (r: Rng): Case => {
        n = r.bool(0.5) ? r.int(256) : r.pick([0, 1, 2, 34, 35, 36, 37, 63, 64, 70, 71, 72, 73, 74, 255]);
        return { acSign: r.int(2), acMag: r.acMag(), mq: r.word(), y: 0 };
      };
      // The count is the low 8 bits of Y, so the address carries it; high address bits must not matter.
      const rng = new Rng(130 + i + SEED);
      const ex = new Exec();
      const cpu = ex.m.cpu;
      const failures: string[] = [];
      let count = 0;
      for (let k = 0; k < N; k++) {
        const c = gen(rng);
        const addr = n + 256 * rng.int(128);
        ex.exec(op(name, addr), { acSign: c.acSign, acMag: c.acMag, mq: c.mq });
        const s = refState(c.acSign, c.acMag, c.mq);
        refShift(s, name, n);
        const got = showState({ ...cpu, acMag: cpu.acMag, mq: cpu.mq });
        const want = showState(s);
        if (got !== want || cpu.cycles !== refShiftCycles(n)) {
          count++;
          if (failures.length < 6) failures.push(`#${k} ${name} ${n} (address ${o(addr)}): AC ${c.acSign ? '-' : '+'}${o(c.acMag)} MQ ${o(c.mq)}\n   want ${want} cycles ${refShiftCycles(n)}\n   got  ${got} cycles ${cpu.cycles}`);
        }
      }
      expect(failures, `${count} of ${N} ${name} cases differ from the reference`).toEqual([]);
    });
  }
});

describe('reference model: comparisons (§5.7)', () => {
  it('CAS agrees on the three exits, -0 < +0 and Q,P in the AC (3 cycles)', () => {
    compare('CAS', op('CAS', Y), 140, (r) => {
      const y = r.word();
      // Often compare against the same magnitude, with either sign.
      const acMag = r.bool(0.3) ? y % 2 ** 35 : r.acMag();
      return { acSign: r.int(2), acMag, mq: 0, y };
    }, (s, c) => ({ next: refCas(s, c.y), cycles: 3 }));
  });

  it('TLQ agrees: transfers when MQ < AC, AC magnitude with Q,P (2 cycles)', () => {
    compare('TLQ', op('TLQ', 0o3000), 141, (r) => {
      const mq = r.word();
      const acMag = r.bool(0.3) ? mq % 2 ** 35 : r.acMag();
      return { acSign: r.int(2), acMag, mq, y: 0 };
    }, (s) => ({ next: refTlq(s) ? 0o3000 - ORIGIN : 1, cycles: 2 }));
  });
});

describe('reference model: floating point (§6.1-§6.3, §6.5, §9.4)', () => {
  const floatCase = (r: Rng): Case => {
    const a = r.float();
    const b = r.float(Math.floor((a % 2 ** 35) / 2 ** 27));
    let acMag = a % 2 ** 35;
    const pq = r.int(16);
    if (pq === 0) acMag += 2 ** 35; // P set (§6.5 item 2)
    else if (pq === 1) acMag += 2 ** 36; // Q set
    return { acSign: a >= 2 ** 35 ? 1 : 0, acMag, mq: r.word(), y: b };
  };

  for (const [i, [name, negate, normalize]] of ([
    ['FAD', false, true], ['FSB', true, true], ['UFA', false, false], ['UFS', true, false],
  ] as const).entries()) {
    it(`${name} agrees with the manual's step list (result, MQ sign and tail, spill, cycles)`, () => {
      compare(name, op(name, Y), 150 + i, floatCase, (s, c) => ({ cycles: refFad(s, c.y, negate, normalize) }));
    });
  }

  for (const [i, [name, normalize]] of ([['FMP', true], ['UFM', false]] as const).entries()) {
    it(`${name} agrees (one-place normalisation, zero products, spill; 17 cycles)`, () => {
      compare(name, op(name, Y), 160 + i, (r) => {
        const mq = r.float();
        return { acSign: r.int(2), acMag: r.acMag(), mq, y: r.float(256 - Math.floor((mq % 2 ** 35) / 2 ** 27)) };
      }, (s, c) => {
        const unclear = refFmp(s, c.y, normalize);
        // MQ bits 1-8 after an all-zero high product are not pinned down by §6.5 item 1.
        return { cycles: 17, mqMask: unclear ? ~(0xffn << 27n) & ((1n << 36n) - 1n) : undefined };
      });
    });
  }

  it('FDP agrees (quotient, remainder, divide check, zero dividend; 18 or 3 cycles)', () => {
    compare('FDP', op('FDP', Y), 170, (r) => {
      const y = r.float();
      let acMag = r.float(Math.floor((y % 2 ** 35) / 2 ** 27)) % 2 ** 35;
      if (r.int(16) === 0) acMag += 2 ** 35;
      return { acSign: r.int(2), acMag, mq: r.word(), y };
    }, (s, c) => ({ cycles: refFdp(s, c.y), next: 1 }));
  });
});
