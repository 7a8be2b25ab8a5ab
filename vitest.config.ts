import { defineConfig } from 'vitest/config';

// Budgets for a busy 2-core machine: hooks that boot the 704 and play whole games get the same
// generous limit as tests (vitest's default hook limit of 10 s failed under load).
// Everything runs on the default core (the translator); the CPU tests run twice, on the
// translator translating at the first visit (their programs are short) and on the interpreter.
export default defineConfig({
  test: {
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
