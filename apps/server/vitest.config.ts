import { defineConfig } from 'vitest/config';
import { longestFirst } from './test/longest-first.ts';

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
    // The files measured longest first (seconds on 2026-12-07, one run), so none ends the run alone.
    sequence: {
      sequencer: longestFirst([
        'src/jobs/job-runner.test.ts', // 62
        'seed/demo-database.test.ts', // 39
        'src/resources/resource-contract-1.test.ts', // the three about 35 each
        'src/resources/resource-contract-2.test.ts',
        'src/resources/resource-contract-3.test.ts',
        'src/dispatch/scale-out.test.ts', // 42 in a run on 2026-12-07, four server processes
        'src/http/bad-input-1.property.test.ts', // 27
        'src/http/bad-input-3.property.test.ts', // 21
        'src/http/bad-input-2.property.test.ts', // 19
        'src/db/tenancy.test.ts', // 19
        'seed/demo-fleet-simulator.test.ts', // 18
        'seed/demo.test.ts', // 17
        'src/modules/nlq/nlq.test.ts', // 14
        'seed/scale.test.ts', // 13
        'src/modules/batching/file-exchange-panel.test.ts', // 13
        'src/modules/order-notices/order-notices.test.ts', // 13
        'src/dispatch/dispatcher.test.ts', // 12
        'src/http/bad-input-4.property.test.ts', // 12
      ]),
    },
  },
});
