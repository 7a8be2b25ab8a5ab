// The translator against the interpreter: seeded random programs drawn from every instruction
// group (loads, stores into the program itself, fixed and floating arithmetic, logic, shifts,
// index registers, transfers, the sense group, trapping mode, printer output, halts, illegal
// words, writes by the host between runs) run on both cores in slices of random length; after
// every stop the whole state must be the same: stop, message, registers, indicators, cycles,
// instructions, core and printed lines.

import { describe, expect, it } from 'vitest';
import { wordsToCard, type Card } from '../../src/devices/cards.ts';
import { Machine } from '../../src/machine/machine.ts';
import { Rng } from './random.ts';
import { op } from './runner.ts';

const CODE = 0o100; // the program: up to two pages of the translator, so blocks cross a page
const DATA = 0o1000; // operands
const LENGTH = 0o420;

const LOADS = ['CLA', 'CLS', 'CAL', 'LDQ', 'ADD', 'SUB', 'ADM', 'SBM', 'ANA', 'ORA', 'ACL', 'CAS', 'LXA', 'LXD'];
const STORES = ['STO', 'SLW', 'STQ', 'STZ', 'STA', 'STD', 'STP', 'SLQ', 'ANS', 'ORS', 'SXD'];
const ARITH = ['MPY', 'MPR', 'DVP', 'DVH', 'FAD', 'FSB', 'UFA', 'UFS', 'FMP', 'UFM', 'FDP', 'FDH'];
const SHIFTS = ['ALS', 'ARS', 'LLS', 'LRS', 'LGL', 'RQL'];
const INDEX = ['PAX', 'PDX', 'PXD'];
const BRANCHES = ['TZE', 'TNZ', 'TPL', 'TMI', 'TOV', 'TNO', 'TQO', 'TQP', 'TLQ', 'TRA', 'TTR', 'TSX'];
const TYPE_A = ['TXI', 'TIX', 'TXH', 'TNX', 'TXL'];
const SENSE = ['CLM', 'LBT', 'CHS', 'SSP', 'COM', 'RND', 'DCT', 'SLF', 'PBT', 'SSM', 'NOP', 'CFF', 'ETM', 'LTM'];
const NUMBERED = [['SLN', 4], ['SWT', 6], ['SLT', 4]] as const;

function instruction(r: Rng, at: number): number {
  const code = (): number => CODE + r.int(LENGTH);
  const data = (): number => DATA + r.int(64);
  const tag = (): number => (r.bool(0.3) ? r.pick([1, 2, 4, 3, 7]) : 0);
  switch (r.int(14)) {
    case 0: case 1: case 2: return op(r.pick(LOADS), data() + 8, tag());
    case 3: return op(r.pick(STORES), r.bool(0.25) ? code() : data() + 8, tag()); // sometimes into the program
    case 4: return op(r.pick(ARITH), data(), tag());
    case 5: return op(r.pick(SHIFTS), r.bool(0.8) ? r.int(40) : r.int(256), tag());
    case 6: return op(r.pick(INDEX), 0, r.pick([1, 2, 4, 6]));
    case 7: case 8: return op(r.pick(BRANCHES), r.bool(0.7) ? (at + r.int(9) - 3) & 0x7fff : code(), r.pick([0, 0, 4]));
    case 9: return op(r.pick(TYPE_A), r.bool(0.7) ? at - r.int(6) : code(), r.pick([1, 2, 4]), r.int(4));
    case 10: { const [name, n] = r.pick(NUMBERED); return op(name, 1 + r.int(n)); }
    case 11: return op(r.pick(SENSE));
    case 12: // printer output: select, then copy a few words (a line of 24 or a short record)
      return r.bool(0.5) ? op('WPR') : op('CPY', data(), tag());
    default: // halts, a select of nothing attached, an illegal word, data
      return r.pick([op('HTR', code()), op('HPR'), op('RDS', 0o201), 0o1234567, r.word()]);
  }
}

function program(seed: number): { words: number[]; data: number[]; regs: Record<string, number> } {
  const r = new Rng(seed);
  const words: number[] = [];
  for (let i = 0; i < LENGTH; i++) words.push(instruction(r, CODE + i));
  const data = Array.from({ length: 80 }, () => (r.bool(0.4) ? r.float(128) : r.word()));
  return { words, data, regs: { xr1: r.int(8), xr2: r.int(8), xr4: r.int(8), senseSwitches: r.int(64), mq: r.word() } };
}

function machine(engine: 'interp' | 'jit', seed: number, coreWords: number): Machine {
  const m = new Machine({ engine, coreWords });
  const p = program(seed);
  m.deposit(CODE, p.words);
  m.deposit(DATA, p.data);
  m.deposit(0, [op('NOP'), op('TRA', CODE + 1)]); // trapping mode lands at 1
  Object.assign(m.cpu, p.regs);
  m.cpu.ic = CODE;
  return m;
}

const REGS = [
  'ic', 'acSign', 'acMag', 'mq', 'xr1', 'xr2', 'xr4', 'acOverflow', 'mqOverflow', 'divideCheck',
  'trapMode', 'senseLights', 'instructions', 'cycles', 'errorAddress',
] as const;

function state(m: Machine, stop: { reason: string; message: string }): Record<string, unknown> {
  const s: Record<string, unknown> = { stop: stop.reason, message: stop.message, printed: m.printer.lines.join('\n') };
  for (const k of REGS) s[k] = m.cpu[k];
  return s;
}

/** Run one program on both cores in the same slices; the first difference fails the test. */
function compare(seed: number): number {
  const r = new Rng(seed ^ 0x5eed);
  const coreWords = r.bool(0.3) ? 4096 : 32768;
  const a = machine('interp', seed, coreWords), b = machine('jit', seed, coreWords);
  if (r.bool(0.7)) b.cpu.translator!.hot = 0; // translate at once, so short programs are translated too
  let stops = 0;
  for (let slice = 0; slice < 12; slice++) {
    const limit = r.pick([1, 2, 7, 20, 100, 1000, 5000]);
    const sa = a.run(limit), sb = b.run(limit);
    stops++;
    expect(state(b, sb), `seed ${seed}, slice ${slice}: state after the stop`).toEqual(state(a, sa));
    const diff = a.cpu.mem.findIndex((w, i) => w !== b.cpu.mem[i]);
    expect(diff, `seed ${seed}, slice ${slice}: first word of core that differs`).toBe(-1);
    if (sa.reason === 'error') break;
    if (r.bool(0.2)) { // the host changes a word of the program between runs
      const at = CODE + r.int(LENGTH), w = instruction(r, at);
      a.cpu.mem[at] = w; b.cpu.mem[at] = w;
    }
  }
  return stops;
}

describe('translator and interpreter agree on random programs at every stop', () => {
  for (const first of [0, 50, 100]) {
    it(`programs ${first} to ${first + 49}`, () => {
      let stops = 0;
      for (let seed = first; seed < first + 50; seed++) stops += compare(seed);
      expect(stops).toBeGreaterThan(100);
    });
  }

  it('a loop that stores into its own next instruction each time round', () => {
    // 100: CLA 200, 101: ADD 201 (planted: its address is stepped), 102: STA 101, 103: TIX 100,1,1
    const build = (engine: 'interp' | 'jit'): Machine => {
      const m = new Machine({ engine });
      m.deposit(0o100, [op('LXA', 0o300, 1), op('CLA', 0o101), op('ADD', 0o302), op('STA', 0o101), op('TIX', 0o101, 1, 1), op('HTR', 0o105)]);
      m.deposit(0o300, [500, 0, 1]);
      m.cpu.ic = 0o100;
      return m;
    };
    const a = build('interp'), b = build('jit');
    const sa = a.run(100_000), sb = b.run(100_000);
    expect(sa.reason).toBe('halt');
    expect(state(b, sb)).toEqual(state(a, sa));
    expect([...b.cpu.mem.subarray(0o100, 0o110)]).toEqual([...a.cpu.mem.subarray(0o100, 0o110)]);
  });

  // The translator folds index registers it knows (TSX's return address) into indexed addresses
  // and returns; a word other paths reach (a label) must be translated knowing nothing.
  it('calls and returns folded at translate time, and a label reached with another XR4', () => {
    const build = (engine: 'interp' | 'jit', step: number): Machine => {
      const m = new Machine({ engine });
      m.deposit(0o100, [
        op('LXA', 0o300, 1), // 100: XR1 := 3
        op('TSX', 0o120, 4), // 101: call 120 (XR4 := -101)
        op('TIX', 0o101, 1, 1), // 102: three times
        op('TZE', 0o106), // 103: with AC zero (step 0), 106 is reached with XR4 as the call left it
        op('TSX', 0o105, 4), // 104: XR4 := -104, on to 105
        op('NOP'), // 105
        op('TRA', 1, 4), // 106: to 105 from 104's call; to 102 from 103
        op('HTR', 0o107),
      ]);
      m.deposit(0o120, [op('ADD', 0o301), op('STO', 0o302, 4), op('TRA', 1, 4)]); // AC += step; C(302 - XR4) := AC; return
      m.deposit(0o300, [3, step]);
      m.cpu.ic = 0o100;
      if (engine === 'jit') m.cpu.translator!.hot = 0;
      return m;
    };
    for (const step of [0, 1]) {
      for (const limit of [1, 17, 60, 1000]) {
        const a = build('interp', step), b = build('jit', step);
        const sa = a.run(limit), sb = b.run(limit);
        expect(state(b, sb), `step ${step}, limit ${limit}`).toEqual(state(a, sa));
        expect(b.cpu.mem.findIndex((w, i) => w !== a.cpu.mem[i]), `step ${step}, limit ${limit}`).toBe(-1);
      }
    }
  });

  // One block runs through a call (TSX to a constant routine) and its return (TRA 1,4 with XR4
  // known from the TSX) back to the caller's loop; the routine plants an address into its own next
  // word, so the store leaves the block and the block is built again with that word planted. The
  // limit falls on every instruction of it in turn, and the run goes on from there.
  it('a call, its return and a store into the callee in one block, stopped by the limit at every instruction', () => {
    const build = (engine: 'interp' | 'jit'): Machine => {
      const m = new Machine({ engine });
      m.deposit(0o100, [
        op('LXA', 0o300, 1), // 100: XR1 := 5
        op('TSX', 0o120, 4), // 101: call 120 (XR4 := -101)
        op('STO', 0o304, 1), // 102: C(304 - XR1) := AC
        op('TIX', 0o101, 1, 1), // 103: five times
        op('HTR', 0o104),
      ]);
      m.deposit(0o120, [
        op('CLA', 0o301), // 120: the address to plant, one more each call
        op('ADD', 0o302),
        op('STO', 0o301),
        op('STA', 0o124), // 123: plant it into 124, a word of this block
        op('ADD', 0), // 124: planted
        op('TRA', 1, 4), // 125: return
      ]);
      m.deposit(0o300, [5, 0o310, 1]);
      m.deposit(0o310, [3, 5, 7, 11, 13, 17]);
      m.cpu.ic = 0o100;
      if (engine === 'jit') m.cpu.translator!.hot = 0;
      return m;
    };
    for (let limit = 16; limit < 47; limit++) { // the run halts at its 47th instruction
      const a = build('interp'), b = build('jit');
      const sa = a.run(limit), sb = b.run(limit);
      expect(sa.reason, `limit ${limit}`).toBe('limit');
      expect(state(b, sb), `limit ${limit}`).toEqual(state(a, sa));
      const ea = a.run(1000), eb = b.run(1000);
      expect(ea.reason).toBe('halt');
      expect(state(b, eb), `limit ${limit}, then to the end`).toEqual(state(a, ea));
      expect(b.cpu.mem.findIndex((w, i) => w !== a.cpu.mem[i]), `limit ${limit}`).toBe(-1);
    }
  });

  // A word the program stores into runs with its address read when it runs; when the rest of it
  // changes (another operation planted), the interpreter runs it.
  it('a planted word whose operation changes from one pass to the next', () => {
    const build = (engine: 'interp' | 'jit'): Machine => {
      const m = new Machine({ engine });
      m.deposit(0o100, [
        op('LXA', 0o300, 1), // XR1 := 6
        op('CLA', 0o311, 1), // 101: AC := the instruction for this pass
        op('STO', 0o104), // plant it
        op('CLA', 0o330),
        0, // 104: ADD or SUB of a table word
        op('STO', 0o330),
        op('TIX', 0o101, 1, 1),
        op('HTR', 0o107),
      ]);
      m.deposit(0o300, [6]);
      m.deposit(0o303, Array.from({ length: 6 }, (_, i) => op(i % 3 === 0 ? 'SUB' : 'ADD', 0o320 + i)));
      m.deposit(0o320, [5, 7, 11, 13, 17, 19]);
      m.cpu.ic = 0o100;
      if (engine === 'jit') m.cpu.translator!.hot = 0;
      return m;
    };
    for (const limit of [5, 20, 33, 1000]) {
      const a = build('interp'), b = build('jit');
      const sa = a.run(limit), sb = b.run(limit);
      const again = [a.run(limit), b.run(limit)]; // the second run builds blocks with the word planted
      expect(state(b, again[1]!), `limit ${limit}`).toEqual(state(a, again[0]!));
      expect(state(b, sb), `limit ${limit}`).toEqual(state(a, sa));
      expect(b.cpu.mem.findIndex((w, i) => w !== a.cpu.mem[i]), `limit ${limit}`).toBe(-1);
    }
  });

  // Blocks are kept for every machine of the process (translator.ts `built`): another machine
  // takes one only when its core holds the same words, and a store into a block it took must
  // drop it there as in the machine that built it.
  it('a block built by one machine, taken by another only with the same words, and dropped by a store there', () => {
    const AT = 0o2000;
    const build = (engine: 'interp' | 'jit', plant: boolean, first = op('ADD', AT + 0o102)): Machine => {
      const m = new Machine({ engine });
      m.deposit(AT, [
        op('LXA', AT + 0o100, 1), // XR1 := 3
        op('CLA', AT + 0o101),
        first, // 2002: ADD (or SUB) the step
        op('STO', AT + 0o101),
        op('SWT', 1), // switch 1 down: plant SUB in 2002
        op('TRA', AT + 0o10),
        op('CLA', AT + 0o103),
        op('STO', AT + 2),
        op('TIX', AT + 1, 1, 1), // 2010
        op('HTR', AT + 0o11),
      ]);
      m.deposit(AT + 0o100, [3, 100, 7, op('SUB', AT + 0o102)]);
      m.cpu.senseSwitches = plant ? 1 : 0;
      m.cpu.ic = AT;
      if (engine === 'jit') m.cpu.translator!.hot = 0;
      return m;
    };
    const runs: [boolean, number | undefined, number][] = [
      [false, undefined, 100 + 3 * 7], // builds the block: 2002 is never stored into
      [true, undefined, 100 + 7 - 7 - 7], // the same words: takes the block, then plants SUB into it
      [false, op('SUB', AT + 0o102), 100 - 3 * 7], // another word at 2002: builds its own
    ];
    for (const [plant, first, sum] of runs) {
      const a = build('interp', plant, first), b = build('jit', plant, first);
      const sa = a.run(1000), sb = b.run(1000);
      expect(sa.reason).toBe('halt');
      expect(a.cpu.mem[AT + 0o101]).toBe(sum);
      expect(state(b, sb), `plant ${plant}`).toEqual(state(a, sa));
      expect(b.cpu.mem.findIndex((w, i) => w !== a.cpu.mem[i]), `plant ${plant}`).toBe(-1);
    }
  });

  // A store to a constant address that is not code when its block is built is not checked
  // (translator.ts `storers`): when that word becomes code, the storing block must be dropped, in
  // the machine that built it and in another that takes it from the process's blocks.
  it('a block storing into a word that was data when it was built, and is code later', () => {
    const build = (engine: 'interp' | 'jit'): Machine => {
      const m = new Machine({ engine });
      m.deposit(0o100, [
        op('CLA', 0o500), // 100: the instruction to plant
        op('STO', 0o300), // 101: into 300
        op('LXA', 0o501, 2), // 102: XR2 := -300
        op('TRA', 0, 2), // 103: to 300, a target the block cannot know
      ]);
      m.deposit(0o300, [0, op('HTR', 0o301)]); // 300: the planted word
      m.deposit(0o500, [op('CLA', 0o600), 0o100000 - 0o300]);
      m.deposit(0o600, [11, 22]);
      if (engine === 'jit') m.cpu.translator!.hot = 0;
      return m;
    };
    const from = (m: Machine, ic: number) => { m.cpu.ic = ic; return m.run(1000); };
    // Built here: 100's block stores into 300 unchecked; then 300 becomes code (the planted CLA
    // 600); then the host changes the instruction to plant (data), and 100's store must reach it.
    const a = build('interp'), b = build('jit');
    for (const m of [a, b]) {
      expect(from(m, 0o100).reason).toBe('halt');
      expect(m.cpu.acMag).toBe(11);
      m.cpu.mem[0o500] = op('CLA', 0o601);
      expect(from(m, 0o100).reason).toBe('halt');
      expect(m.cpu.acMag).toBe(22);
    }
    expect(b.cpu.mem.findIndex((w, i) => w !== a.cpu.mem[i])).toBe(-1);
    // Another machine whose 300 is code before 100 runs: 100's block from the process's blocks
    // (built above with an unchecked store into 300) must not be taken.
    const c = build('jit');
    c.cpu.mem[0o300] = op('CLA', 0o600);
    c.cpu.mem[0o500] = op('CLA', 0o601);
    expect(from(c, 0o300).reason).toBe('halt');
    expect(c.cpu.acMag).toBe(11);
    expect(from(c, 0o100).reason).toBe('halt');
    expect(c.cpu.acMag).toBe(22);
  });

  // CPY runs in blocks: a card-reading loop with all three exits (a word, the end of a card, the
  // end of the deck), the reader's waits in the cycle count, and a stop for input where the hopper
  // runs dry before its end of file, which the block leaves to the interpreter on that CPY.
  it('a card-reading loop: words, ends of cards, a stop for input and the end of file', () => {
    const build = (engine: 'interp' | 'jit'): Machine => {
      const m = new Machine({ engine });
      m.deposit(0o100, [
        op('RDS', 0o321), // 100: the next card
        op('CPY', 0o1000, 1), // 101: C(1000 - XR1) := the word
        op('TXI', 0o101, 1, 1), // 102: a word: XR1 + 1, the next
        op('HTR', 0o103), // 103: the end of the deck
        op('TRA', 0o100), // 104: the end of a card
      ]);
      m.cpu.ic = 0o100;
      if (engine === 'jit') m.cpu.translator!.hot = 0;
      return m;
    };
    const card = (k: number): Card => wordsToCard(Array.from({ length: 24 }, (_, i) => 1000 * k + i));
    const a = build('interp'), b = build('jit');
    for (const m of [a, b]) m.reader.feed([card(1), card(2)]);
    const [ia, ib] = [a.run(100_000), b.run(100_000)];
    expect(ia.reason).toBe('input');
    expect(typeof b.cpu.translator!.blocks[0o101]).toBe('function'); // the loop is a block
    expect(state(b, ib)).toEqual(state(a, ia));
    for (const m of [a, b]) { m.reader.feed([card(3)]); m.reader.setEndOfFile(true); }
    const [ha, hb] = [a.run(100_000), b.run(100_000)];
    expect(ha.reason).toBe('halt');
    expect(a.cpu.ic).toBe(0o103);
    expect(a.cpu.mem[0o1000 - 71]).toBe(3023);
    expect(state(b, hb)).toEqual(state(a, ha));
    expect(b.cpu.mem.findIndex((w, i) => w !== a.cpu.mem[i])).toBe(-1);
  });

  // A block is told how many instructions it may run, at most 2^30 - 1 (a small integer to V8);
  // a run longer than that, in one block's loop, goes on in pieces and stops on the limit's
  // instruction. The interpreter would take too long here: its count per instruction stands in.
  it('a limit past 2^30 instructions in one block\'s loop stops on its instruction', { timeout: 120_000 }, () => {
    const loop = (engine: 'interp' | 'jit'): Machine => {
      const m = new Machine({ engine });
      m.deposit(0o100, [op('TRA', 0o100)]);
      m.cpu.ic = 0o100;
      return m;
    };
    const a = loop('interp');
    a.run(1000);
    const limit = 2 ** 30 + 7;
    const b = loop('jit');
    expect(b.run(limit).reason).toBe('limit');
    expect(b.cpu.instructions).toBe(limit);
    expect(b.cpu.cycles).toBe(limit * a.cpu.cycles / 1000);
    expect(b.cpu.ic).toBe(0o100);
  });
});
