import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Budgets for a busy 2-core machine: hooks that boot the 704 and play whole games get the same
// generous limit as tests (vitest's default hook limit of 10 s failed under load).
// Everything runs on the default core (the translator); the CPU tests run twice, on the
// translator translating at the first visit (their programs are short) and on the interpreter.
// Workers: vitest's default is one fewer than the cores, which on the 2-core machine runs the
// files one at a time (the 2026-11-26 suite: 382 s of tests in 441 s of wall time); the files
// are CPU-bound emulation, so both cores are used.
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'default', include: ['test/**/*.test.ts'], exclude: ['test/cpu/**'] } },
      { extends: true, test: { name: 'cpu-jit', include: ['test/cpu/**/*.test.ts'], env: { SAMUEL704_CORE: 'jit', SAMUEL704_JIT_HOT: '0' } } },
      {
        extends: true,
        test: {
          name: 'cpu-interp',
          include: ['test/cpu/**/*.test.ts'],
          exclude: ['test/cpu/differential.test.ts'],
          env: { SAMUEL704_CORE: 'interp' },
        },
      },
    ],
  },
});
