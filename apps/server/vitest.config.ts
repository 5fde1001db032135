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
  },
});
