import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.e2e.ts'],
    // The demo's data directory, seeded once for every suite's start (support/demo-template.ts).
    globalSetup: ['src/support/demo-template.ts'],
    // Real servers and a real browser: suites start processes and seed a database.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One suite at a time. Two at a time (each with its own product and Chromium) took 635 s
    // instead of about 800 s, but on a loaded machine two clean clones of four that reached
    // them failed, on three races a suite alone rarely meets (ADR 017, seventh pass).
    maxWorkers: 1,
  },
});
