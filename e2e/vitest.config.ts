import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.e2e.ts'],
    // The demo's data directory, seeded once for every suite's start (support/demo-template.ts).
    globalSetup: ['src/support/demo-template.ts'],
    // Real servers and a real browser: suites start processes and seed a database.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Two suites at a time, each with its own product and Chromium: a suite alone leaves a third
    // of the two cores idle while it waits on its browser and its server (ADR 017, sixth pass).
    maxWorkers: 2,
  },
});
