import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.e2e.ts'],
    // The demo's data directory, seeded once for every suite's start (support/demo-template.ts).
    globalSetup: ['src/support/demo-template.ts'],
    // Real servers and a real browser: suites start processes and seed a database.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One suite at a time: each starts its own servers and a Chromium on a two-core machine.
    fileParallelism: false,
  },
});
