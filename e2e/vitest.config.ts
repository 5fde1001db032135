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
    // One suite at a time. Two at a time (each with its own product and Chromium) took about 587 s
    // instead of 827 s here, but on a slow machine each of four clean clones in a row failed one
    // walk whose screen or timing bound the other suite's load broke (ADR 017, twelfth pass).
    maxWorkers: 1,
  },
});
