import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API the dev server forwards to: `npm start` in apps/server listens on 8484 by default. */
const apiTarget = 'http://127.0.0.1:8484';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/token': apiTarget,
      '/configuration.json': apiTarget,
      '/configuration.local.json': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Every browser the product supports has module preload; the polyfill only costs bytes.
    modulePreload: { polyfill: false },
  },
});
