import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'seed/**/*.test.ts', 'test/**/*.test.ts'],
    // The migrated embedded database every suite's PGlite databases start from.
    globalSetup: ['test/database-template.ts'],
    // Suites open real databases (PGlite and PostgreSQL): give them room. Three at a time on the
    // two-core machine: a suite spends about a third of its time starting and closing databases,
    // waiting on PostgreSQL or on PGlite's file system, and a third worker fills that (576 s
    // instead of 742 s on 2026-12-06, ADR 017); PostgreSQL then needs 600 connections (.ci/run).
    testTimeout: 30_000,
    hookTimeout: 120_000,
    maxWorkers: 3,
    // A worker keeps its modules between files: every suite imports the whole server, and importing
    // it afresh per file took about 300 s of the run's worker time (ADR 017). No suite mocks a
    // module or keeps state in one; each opens its own databases.
    isolate: false,
  },
});
