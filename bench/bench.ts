// `npm run bench`: the interpreter and the translator side by side (cores.ts), the debugger
// attached, and the checkers program's figures (checkers.ts). Runs compiled (dist/bench), timed
// with process.cpuUsage, never asserted in tests.

import { Machine } from '../src/machine/machine.ts';
import { benchCores, loaded, SIMPLE_LOOP } from './cores.ts';

benchCores();

// ---- The debugger attached (src/debugger, issue 5) -------------------------------------------
// The CLA/ADD/STO/TIX loop through DebugEngine.continue, with no breakpoints, watches, history
// or tracer, against plain Machine.run slices, each on a machine of its own, in alternating
// rounds. Both take the CPU's fast path, so they should be within a few per cent.
{
  const { DebugEngine } = await import('../src/debugger/engine.ts');
  const { Symbols } = await import('../src/debugger/symbols.ts');
  const plain = loaded(SIMPLE_LOOP);
  const attached = loaded(SIMPLE_LOOP);
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
  for (const [name] of runners) console.log(`${`${'CLA/ADD/STO/TIX loop'}, ${name}`.padEnd(48)} ${(best.get(name)! / 1e6).toFixed(1).padStart(7)} M instructions/CPU-s`);
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
