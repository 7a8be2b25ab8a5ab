import { defineConfig } from 'vitest/config';

// Budgets for a busy 2-core machine: hooks that boot the 704 and play whole games get the same
// generous limit as tests (vitest's default hook limit of 10 s failed under load).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
