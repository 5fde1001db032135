import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.e2e.ts'],
    // The demo's data directory, seeded once for every suite's start (support/demo-template.ts).
    globalSetup: ['src/support/demo-template.ts'],
    // Real servers and a real browser: suites start processes and seed a database.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A screen's answer on a machine busy with two suites and their Chromiums can take longer
    // than expect.poll's default second (stop 41's CI: a scale take answered late). Waiting
    // longer changes no assertion: a poll still ends as soon as its condition holds.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    // Two suites at a time, each with its own product and Chromium: 587 s here, against 827 s
    // one at a time. The three races that failed two clean clones this way are fixed at their
    // tests (ADR 017, seventh and ninth passes).
    maxWorkers: 2,
  },
});
