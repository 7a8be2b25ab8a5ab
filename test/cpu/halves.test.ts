// The translator's AC in halves (Semantics.halves, docs/translator.md "The AC in halves"): runs of
// logical instructions keep the AC's magnitude as two 18-bit integers and join it at every way out.
// Random programs made mostly of such runs, with skips and branches inside the block (labels, where
// the halves are joined), stores that plant addresses and operations into the program (ways out in mid-run),
// loads of the whole AC (a run ends unjoined) and the instructions that need the AC whole, run on
// both cores in slices of random length (a way out on the instruction budget): after every stop
// the registers, indicators, counts and core must be the same.

import { describe, expect, it } from 'vitest';
import { machineSemantics, senseGroup } from '../../src/cpu/semantics.ts';
import { BY_MNEMONIC } from '../../src/cpu/opcodes.ts';
import { Machine } from '../../src/machine/machine.ts';
import { Rng } from './random.ts';
import { op } from './runner.ts';

const CODE = 0o100;
const DATA = 0o400;
const LENGTH = 120;

const LOGIC = ['ORA', 'ANA', 'ANA', 'ORA', 'COM', 'ALS', 'ARS', 'ARS'];
const GAINS = ['ORA', 'ANA', 'COM'];
const KEEPS = ['STO', 'SLW', 'STD', 'STA', 'TZE', 'TNZ', 'PAX', 'PDX', 'ALS', 'ARS'];
const LOADS = ['CLA', 'CLS', 'CAL', 'PXD', 'CLM'];
const WHOLE = ['ADD', 'SUB', 'ACL', 'LBT', 'PBT', 'LRS', 'CAS', 'CHS', 'SSP', 'LDQ', 'STQ', 'NOP'];

function instruction(r: Rng, at: number): number {
  const data = (): number => DATA + r.int(32); // the last 8 are stored into too, so each pass round the loop differs
  const ahead = (): number => at + 1 + r.int(6);
  const pick = r.int(20);
  if (pick < 9) {
    const name = r.pick(LOGIC);
    return name === 'ALS' || name === 'ARS' ? op(name, r.bool(0.85) ? 1 + r.int(17) : r.int(40)) : name === 'COM' ? op('COM') : op(name, data(), r.pick([0, 0, 1]));
  }
  if (pick < 13) {
    const name = r.pick(KEEPS.filter((n) => n !== 'ALS' && n !== 'ARS')); // the shifts come with LOGIC
    if (name === 'TZE' || name === 'TNZ') return op(name, ahead());
    if (name === 'PAX' || name === 'PDX') return op(name, 0, r.pick([2, 4]));
    return op(name, DATA + 24 + r.int(8));
  }
  if (pick < 15) {
    const name = r.pick(LOADS);
    return name === 'PXD' ? op(name, 0, r.pick([1, 2, 4])) : name === 'CLM' ? op(name) : op(name, data(), r.pick([0, 0, 1]));
  }
  if (pick < 16) return op(r.bool(0.7) ? 'STA' : 'STD', at + 1 + r.int(4)); // plants into a word ahead: its address, or its operation
  if (pick < 17) return op(r.pick(['TMI', 'TPL', 'TRA']), ahead());
  const name = r.pick(WHOLE);
  if (name === 'LRS') return op('LRS', r.int(40)); // in line for 1-35, the helper else
  if (name === 'CAS') return op('CAS', data()); // skips by one or two: labels ahead
  return BY_MNEMONIC.get(name)!.kind === 'sense' ? op(name) : op(name, data());
}

function build(engine: 'interp' | 'jit', seed: number): Machine {
  const r = new Rng(seed);
  const m = new Machine({ engine });
  if (engine === 'jit') m.cpu.translator!.hot = 0;
  const words = [op('LXA', DATA + 40, 1)];
  while (words.length < LENGTH) words.push(instruction(r, CODE + words.length));
  words.push(op('TIX', CODE + 1, 1, 1), op('HTR', CODE));
  m.deposit(CODE, words);
  for (let i = 0; i < 32; i++) m.cpu.mem[DATA + i] = r.bool(0.3) ? r.pick([2 ** 36 - 1, 2 ** 35, 2 ** 35 - 1, 2 ** 18 - 1, 2 ** 18]) : r.word();
  m.cpu.mem[DATA + 40] = 5;
  m.cpu.acSign = r.int(2);
  m.cpu.acMag = r.acMag();
  m.cpu.mq = r.word();
  m.cpu.xr2 = r.int(8);
  m.cpu.xr4 = r.int(8);
  m.cpu.ic = CODE;
  return m;
}

describe('the AC in halves', () => {
  it('the logical instructions start a run in halves; shifts, stores, tests and index loads keep one; loads end one', () => {
    const halves = (name: string) => (BY_MNEMONIC.get(name)!.kind === 'sense' ? senseGroup(false).get(BY_MNEMONIC.get(name)!.template % 0o100000) : machineSemantics(name))!.halves;
    expect(GAINS.filter((n) => !halves(n)?.gains)).toEqual([]);
    expect(KEEPS.filter((n) => !halves(n)?.code || halves(n)?.gains)).toEqual([]); // ALS, ARS: cheaper whole when alone
    expect(LOADS.filter((n) => !halves(n)?.overwrites)).toEqual([]);
    expect(WHOLE.filter((n) => halves(n) !== undefined)).toEqual([]);
  });

  it('a planted word whose operation changed, met in a run in halves: the AC is joined before the interpreter runs it', () => {
    // Each pass STD gives P the operation of the next table word (ORA, ANA, ORA: the same prefix),
    // then ORA puts the AC in halves; the block built on the first pass meets P changed on the second.
    const L1 = CODE + 1, PLANT = CODE + 4;
    const words = [op('LXA', DATA + 40, 1), op('CAL', DATA + 20, 1), op('STD', PLANT), op('ORA', DATA), op('ORA', DATA + 1),
      op('STO', DATA + 33, 1), op('TIX', L1, 1, 1), op('HTR', CODE)]; // each pass's AC kept: DATA+30 to +32
    const state = (engine: 'interp' | 'jit'): number[] => {
      const m = new Machine({ engine });
      if (engine === 'jit') m.cpu.translator!.hot = 0;
      m.deposit(CODE, words);
      m.cpu.mem[DATA] = 0o123456765432; m.cpu.mem[DATA + 1] = 0o707070707070;
      [op('ORA', 0), op('ANA', 0), op('ORA', 0)].forEach((w, i) => { m.cpu.mem[DATA + 17 + i] = w; }); // CAL DATA+20,1 with XR1 3, 2, 1
      m.cpu.mem[DATA + 40] = 3;
      m.cpu.ic = CODE;
      expect(m.run(100).reason).toBe('halt');
      return [m.cpu.acSign, m.cpu.acMag, m.cpu.instructions, m.cpu.cycles, ...m.cpu.mem.subarray(DATA + 30, DATA + 33)];
    };
    expect(state('jit')).toEqual(state('interp'));
  });

  it('300 programs stop with the same state on both cores, in slices of random length', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const a = build('interp', seed), b = build('jit', seed);
      const r = new Rng(seed * 7919);
      for (let slice = 0; slice < 40; slice++) {
        const n = r.bool(0.3) ? 1 + r.int(8) : 20 + r.int(200);
        const sa = a.run(n), sb = b.run(n);
        const at = `seed ${seed}, slice ${slice}`;
        expect(sb.reason, at).toBe(sa.reason);
        for (const k of ['ic', 'acSign', 'acMag', 'mq', 'xr1', 'xr2', 'xr4', 'acOverflow', 'instructions', 'cycles'] as const) {
          expect(b.cpu[k], `${at}: ${k}`).toBe(a.cpu[k]);
        }
        expect(b.cpu.mem.findIndex((w, i) => w !== a.cpu.mem[i]), `${at}: first word of core that differs`).toBe(-1);
        if (sa.reason !== 'limit') break;
      }
    }
  });
});
