import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Each suite starts real servers and a jsdom window with the official SignalR client; other
    // workspaces run their tests on the same two cores, so be generous and keep two at a time.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    maxWorkers: 2,
  },
});
