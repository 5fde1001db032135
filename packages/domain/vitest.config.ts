import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Pure computation, but the property tests run hundreds of cases under coverage beside lint on
    // two cores: a case that takes a second alone took over five there (links.test.ts, 2026-12-03).
    testTimeout: 30_000,
    // Pure functions and no module state: a worker keeps its modules between files. Importing
    // them afresh for each of the 143 files took 41 s of the run's 48 s (7.8 s without), and far
    // longer beside ESLint in npm test's first stage (ADR 017, thirteenth pass).
    isolate: false,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95, statements: 95, functions: 95, branches: 90 },
    },
  },
});
