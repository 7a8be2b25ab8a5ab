// `npm run bench`: emulated instructions per CPU-second on two workloads, and the speed-up over
// a real 704 in emulated time. Measured with process.cpuUsage, never asserted in tests.

import { Machine } from '../src/machine/machine.ts';
import { makeWord, fromInt } from '../src/cpu/word.ts';
import { BY_MNEMONIC } from '../src/cpu/opcodes.ts';

const op = (m: string, addr = 0, tag = 0, dec = 0): number => {
  const d = BY_MNEMONIC.get(m)!;
  return d.template + makeWord(0, dec, tag, addr);
};

interface Workload {
  name: string;
  program: number[]; // loaded at 0o100, runs forever
  data: [number, number][];
}

// Outer loop reloads XR1 and repeats; the inner loop is CLA/ADD/STO/TIX over 1000 table entries.
const simpleLoop: Workload = {
  name: 'CLA/ADD/STO/TIX loop',
  program: [
    op('LXA', 0o200, 1), // 100: XR1 := 1000
    op('CLA', 0o201), // 101: SUM
    op('ADD', 0o300 + 1000, 1), // 102: + TABLE+1000-XR1
    op('STO', 0o201), // 103
    op('TIX', 0o101, 1, 1), // 104
    op('TRA', 0o100), // 105
  ],
  data: [[0o200, 1000], [0o201, 0], ...Array.from({ length: 1000 }, (_, i) => [0o301 + i, fromInt(i % 7 === 0 ? -i : i)] as [number, number])],
};

// Fixed and floating multiply/divide with loads and stores between them.
const arithMix: Workload = {
  name: 'MPY/DVP/FP mix',
  program: [
    op('LDQ', 0o200), // 100
    op('MPY', 0o201), // 101
    op('STQ', 0o210), // 102
    op('CLA', 0o202), // 103: dividend high
    op('LDQ', 0o203), // 104
    op('DVP', 0o204), // 105
    op('CLA', 0o205), // 106: 1.5
    op('FAD', 0o206), // 107: + 2.25
    op('STO', 0o211), // 110
    op('LDQ', 0o205), // 111
    op('FMP', 0o206), // 112
    op('FDP', 0o205), // 113
    op('STQ', 0o212), // 114
    op('TRA', 0o100), // 115
  ],
  data: [
    [0o200, fromInt(123456789)], [0o201, fromInt(-98765)], [0o202, 5], [0o203, fromInt(123456789)],
    [0o204, fromInt(1000003)], [0o205, 0o201600000000], [0o206, 0o202440000000],
  ],
};

function measure(w: Workload): { mips: number; speedup: number } {
  const m = new Machine();
  m.deposit(0o100, w.program);
  for (const [a, v] of w.data) m.cpu.mem[a] = v;
  m.cpu.ic = 0o100;
  // Warm up with small slices first so the optimised run() has seen its exit (architecture.md §3.2).
  for (let i = 0; i < 3000; i++) m.run(1000);
  for (let i = 0; i < 30; i++) m.run(1_000_000);
  const slice = 5_000_000;
  let best = 0;
  let speedup = 0;
  for (let rep = 0; rep < 5; rep++) {
    const i0 = m.cpu.instructions, c0 = m.cpu.cycles;
    const t0 = process.cpuUsage();
    let n = 0;
    while (n < 4) { m.run(slice); n++; }
    const dt = process.cpuUsage(t0);
    const secs = (dt.user + dt.system) / 1e6;
    const instr = m.cpu.instructions - i0;
    const rate = instr / secs;
    if (rate > best) {
      best = rate;
      speedup = ((m.cpu.cycles - c0) * 12e-6) / secs; // emulated seconds per CPU-second
    }
  }
  return { mips: best / 1e6, speedup };
}

for (const w of [simpleLoop, arithMix]) {
  const r = measure(w);
  console.log(`${w.name.padEnd(24)} ${r.mips.toFixed(1).padStart(7)} M instructions/CPU-s   ${Math.round(r.speedup).toLocaleString('en-US').padStart(9)}x a real 704`);
}

// ---- The debugger attached (src/debugger, issue 5) -------------------------------------------
// The CLA/ADD/STO/TIX loop through DebugEngine.continue, with no breakpoints, watches, history
// or tracer, against plain Machine.run slices, each on a machine of its own, in alternating
// rounds. Both take the CPU's fast path, so they should be within a few per cent.
{
  const { DebugEngine } = await import('../src/debugger/engine.ts');
  const { Symbols } = await import('../src/debugger/symbols.ts');
  const loaded = (): Machine => {
    const m = new Machine();
    m.deposit(0o100, simpleLoop.program);
    for (const [a, v] of simpleLoop.data) m.cpu.mem[a] = v;
    m.cpu.ic = 0o100;
    return m;
  };
  const plain = loaded();
  const attached = loaded();
  const engine = new DebugEngine(attached, new Symbols());
  const runners: [string, Machine, (n: number) => unknown][] = [
    ['plain Machine.run', plain, (n) => { for (let left = n; left > 0; left -= 5_000_000) plain.run(Math.min(left, 5_000_000)); }],
    ['DebugEngine.continue', attached, (n) => engine.continue(n)],
  ];
  for (const [, m, go] of runners) { for (let i = 0; i < 3000; i++) await go(1000); m.run(30_000_000); }
  const best = new Map<string, number>();
  for (let round = 0; round < 5; round++) {
    for (const [name, m, go] of runners) {
      const i0 = m.cpu.instructions;
      const t0 = process.cpuUsage();
      await go(20_000_000);
      const dt = process.cpuUsage(t0);
      best.set(name, Math.max(best.get(name) ?? 0, (m.cpu.instructions - i0) / ((dt.user + dt.system) / 1e6)));
    }
  }
  const [p, d] = runners.map(([name]) => best.get(name)!);
  for (const [name] of runners) console.log(`${`${simpleLoop.name}, ${name}`.padEnd(48)} ${(best.get(name)! / 1e6).toFixed(1).padStart(7)} M instructions/CPU-s`);
  console.log(`debugger attached / plain: ${(d! / p!).toFixed(3)}`);
}

// ---- The checkers program against Samuel's Appendix A (issue 6) ------------------------------
{
  const { benchCheckers } = await import('./checkers.ts');
  benchCheckers();
}

// ---- Score-Four against Broeker's Tables 14-15 (issue 20) ------------------------------------
{
  const { benchScorefour } = await import('./scorefour.ts');
  benchScorefour();
}

// ---- Tournaments on every core (issue 19) -----------------------------------------------------
{
  const { benchTournament } = await import('./tournament.ts');
  await benchTournament();
}
