import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 15_000,
    // Vitest's default is one worker fewer than the cores: one worker on the two-core CI machine,
    // where the run's main process is idle while jsdom screens render (ADR 017).
    maxWorkers: 2,
  },
});
