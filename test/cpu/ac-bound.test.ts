// What the translator knows of the AC along a block's straight line (Semantics.acBound, Gen.acBelow):
// each table row's claim checked on the interpreter, and straight lines of AC instructions run on
// both cores. A row that claimed too small a bound (CAL below 2^35, say) would let the translator
// drop the AC's P or Q where the interpreter keeps it, and the second test would see the word stored.

import { describe, expect, it } from 'vitest';
import { OPCODES } from '../../src/cpu/opcodes.ts';
import { machineSemantics, senseGroup, type Semantics } from '../../src/cpu/semantics.ts';
import { Machine } from '../../src/machine/machine.ts';
import { Rng } from './random.ts';
import { op } from './runner.ts';

const DATA = 0o200;

/** Every translated instruction whose row claims a bound, with its word for an address. */
function bounded(): { name: string; s: Semantics; word: (address: number) => number }[] {
  const out: { name: string; s: Semantics; word: (address: number) => number }[] = [];
  for (const d of OPCODES) {
    if (d.kind === 'machine' && d.mnemonic !== 'PSE' && d.mnemonic !== 'MSE') {
      const s = machineSemantics(d.mnemonic);
      if (s.jit && s.acBound) out.push({ name: d.mnemonic, s, word: (a) => op(d.mnemonic, a) });
    } else if (d.kind === 'sense') {
      const s = senseGroup(d.template >= 2 ** 35).get((d.template % 0o100000) + (d.range?.[0] ?? 0));
      if (s?.jit && s.acBound) out.push({ name: d.mnemonic, s, word: () => op(d.mnemonic, d.range?.[0] ?? 0) });
    }
  }
  return out;
}

describe('the AC bounds of the instruction table', () => {
  it('each instruction leaves the AC below the bound its row claims, from any AC below the bound before', () => {
    const rows = bounded();
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['CLA', 'CAL', 'ANA', 'ORA', 'ARS', 'STO', 'PXD', 'CLM']));
    const r = new Rng(704);
    for (const { name, s, word } of rows) {
      for (const before of [0, 20, 33, 35, 36, 37]) {
        for (let trial = 0; trial < 60; trial++) {
          const m = new Machine({ engine: 'interp' });
          const address = name === 'ARS' ? r.int(48) : DATA;
          m.deposit(0o100, [word(address)]);
          m.cpu.mem[DATA] = r.word();
          m.cpu.acSign = r.int(2);
          m.cpu.acMag = before === 37 ? r.acMag() : r.magnitude(35) % 2 ** before;
          m.cpu.mq = r.word();
          m.cpu.xr1 = r.int(8);
          m.cpu.ic = 0o100;
          const ac = m.cpu.acMag;
          m.run(1);
          const after = s.acBound!(before, address & 255);
          expect(m.cpu.acMag, `${name} from AC ${ac.toString(8)} (below 2^${before}): below 2^${after}`).toBeLessThan(2 ** after);
        }
      }
    }
  });
});

describe('straight lines of AC instructions on both cores', () => {
  const SOURCES = ['CLA', 'CLS', 'CAL', 'LDQ', 'PXD', 'CLM'];
  const USES = ['ANA', 'ORA', 'ACL', 'ADD', 'SUB', 'ADM', 'SBM', 'STO', 'SLW', 'STQ', 'ANS', 'ORS', 'COM', 'CHS', 'SSM', 'SSP', 'PAX', 'PDX', 'NOP', 'MPY'];

  function program(r: Rng): number[] {
    const words: number[] = [op('LXA', 0o300, 1)];
    while (words.length < 60) {
      const pick = r.int(10);
      if (pick < 3) words.push(op(r.pick(SOURCES), DATA + r.int(16), r.pick([0, 0, 1])));
      else if (pick < 5) words.push(op(r.pick(['ALS', 'ARS', 'ARS']), r.int(12)));
      else {
        const name = r.pick(USES);
        const store = ['STO', 'SLW', 'STQ', 'ANS', 'ORS'].includes(name);
        words.push(name === 'PAX' || name === 'PDX' ? op(name, 0, 2) : op(name, (store ? DATA + 16 : DATA) + r.int(16)));
      }
    }
    words.push(op('TIX', 0o101, 1, 1), op('HTR', 0o100));
    return words;
  }

  function build(engine: 'interp' | 'jit', seed: number): Machine {
    const r = new Rng(seed);
    const m = new Machine({ engine });
    if (engine === 'jit') m.cpu.translator!.hot = 0;
    m.deposit(0o100, program(r));
    for (let i = 0; i < 32; i++) m.cpu.mem[DATA + i] = r.bool(0.3) ? r.pick([2 ** 36 - 1, 2 ** 35, 2 ** 35 - 1, 2 ** 35 + 1]) : r.word();
    m.cpu.mem[0o300] = 3;
    m.cpu.acSign = r.int(2);
    m.cpu.acMag = r.acMag();
    m.cpu.mq = r.word();
    m.cpu.ic = 0o100;
    return m;
  }

  it('200 programs stop with the same registers, indicators, counts and core', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const a = build('interp', seed), b = build('jit', seed);
      const sa = a.run(10_000), sb = b.run(10_000);
      expect(sb.reason, `seed ${seed}`).toBe(sa.reason);
      for (const k of ['ic', 'acSign', 'acMag', 'mq', 'xr1', 'xr2', 'acOverflow', 'instructions', 'cycles'] as const) {
        expect(b.cpu[k], `seed ${seed}: ${k}`).toBe(a.cpu[k]);
      }
      expect(b.cpu.mem.findIndex((w, i) => w !== a.cpu.mem[i]), `seed ${seed}: first word of core that differs`).toBe(-1);
    }
  });
});
