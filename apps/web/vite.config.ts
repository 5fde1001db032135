import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API the dev server forwards to: `npm start` in apps/server listens on 8484 by default. */
const apiTarget = 'http://127.0.0.1:8484';

/**
 * React Router's package exports only its development build, with its dev warnings, to every
 * bundler (remix-run/react-router#14102); a production build takes the production one it ships.
 */
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
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
}));
