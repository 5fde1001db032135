import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.e2e.ts'],
    // The demo's data directory, seeded once for every suite's start (support/demo-template.ts).
    globalSetup: ['src/support/demo-template.ts'],
    // Real servers and a real browser: suites start processes and seed a database.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Two suites at a time, each with its own product and Chromium: one suite alone left a third of
    // the two cores idle, waiting on the browser and the server in turn (ADR 017).
    maxWorkers: 2,
  },
});
