import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'seed/**/*.test.ts', 'test/**/*.test.ts'],
    // The migrated embedded database every suite's PGlite databases start from.
    globalSetup: ['test/database-template.ts'],
    // Suites open real databases (PGlite and PostgreSQL): give them room, and keep two at a time
    // on a two-core machine.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // A worker keeps its modules between files: every suite imports the whole server, and importing
    // it afresh per file took about 300 s of the run's worker time (ADR 017). No suite mocks a
    // module or keeps state in one; each opens its own databases.
    isolate: false,
  },
});
