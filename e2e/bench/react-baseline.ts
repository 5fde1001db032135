/**
 * The size baseline for the login route: the smallest React 19 + react-dom client app there is
 * (one `<h1>`), built by the Vite, React plugin and React the web app itself uses. Whatever the
 * login route loads beyond this is ours (router, Mantine, i18n, the form, ...).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Vite from 'vite';
import { repoRoot } from '../src/support/processes';

export type BuiltFile = { name: string; bytes: Uint8Array };

const indexHtml = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>hi</title></head>
  <body><div id="root"></div><script type="module" src="/main.tsx"></script></body>
</html>
`;

const mainTsx = `import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<h1>hi</h1>);
`;

/** Resolved as apps/web resolves them, so the baseline uses exactly the web app's copies. */
const fromWebApp = createRequire(path.join(repoRoot, 'apps/web/package.json'));
const packageDir = (name: string) => path.dirname(fromWebApp.resolve(`${name}/package.json`));
const importFromWebApp = async <T>(name: string): Promise<T> =>
  (await import(pathToFileURL(fromWebApp.resolve(name)).href)) as T;

/** Builds the one-heading app in a temp folder outside the repo and returns its JavaScript. */
export async function buildMinimalReactApp(): Promise<BuiltFile[]> {
  const vite = await importFromWebApp<typeof Vite>('vite');
  const { default: react } = await importFromWebApp<{ default: () => Vite.PluginOption }>(
    '@vitejs/plugin-react',
  );
  const root = mkdtempSync(path.join(tmpdir(), 'web-bench-react-'));
  try {
    writeFileSync(path.join(root, 'index.html'), indexHtml);
    writeFileSync(path.join(root, 'main.tsx'), mainTsx);
    const result = await vite.build({
      root,
      configFile: false,
      envDir: false,
      logLevel: 'warn',
      plugins: [react()],
      // The temp folder has no node_modules: point the bare imports at the repo's packages.
      resolve: {
        alias: [
          { find: 'react-dom', replacement: packageDir('react-dom') },
          { find: 'react', replacement: packageDir('react') },
        ],
      },
      // As apps/web/vite.config.ts builds, but kept in memory.
      build: {
        write: false,
        sourcemap: true,
        modulePreload: { polyfill: false },
      },
    });
    const outputs = Array.isArray(result) ? result : [result];
    return outputs.flatMap((output) => {
      if (!('output' in output)) throw new Error('Vite returned a watcher, not a build.');
      return output.output
        .filter((file) => file.type === 'chunk')
        .map((chunk) => ({ name: chunk.fileName, bytes: Buffer.from(chunk.code) }));
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
