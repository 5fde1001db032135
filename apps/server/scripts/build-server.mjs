// Compiles the server (apps/server/src/main.ts, with packages/domain and packages/signalr) into one
// JavaScript file, apps/server/dist/main.mjs, which `npm start` runs. Node then starts the product
// without tsx's module hooks translating 560 TypeScript files one by one: a start takes about
// 3.6 processor-seconds instead of 6.0 (ADR 017, seventeenth pass). About half a second; run at
// every start, so the file is never older than the sources.
//
// - Packages from node_modules stay outside the file, loaded as they are: PGlite finds its
//   WebAssembly beside itself, serialport its native binding.
// - Each source file's `import.meta.dirname` and `import.meta.url` are its own, as under tsx: the
//   migrations, the common-password list and the PDF worker are found beside their modules, so the
//   file runs only from this checkout.
// - The two files are written under temporary names and renamed, so two builds at once (the two
//   end-to-end processes' setups) never leave half a file to a starting server.
import { build } from 'esbuild';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../../..');
const serverBundle = path.join(root, 'apps/server/dist/main.mjs');

const ownImportMeta = {
  name: 'own-import-meta',
  setup(builder) {
    // A bare import is a package: outside the file, except our workspaces, whose sources are TS.
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@dispatch/') ? undefined : { external: true },
    );
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      return {
        loader: 'ts',
        contents: text
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      };
    });
  },
};

export async function buildServer() {
  const result = await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces name the TypeScript sources (`node --enable-source-maps`).
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
    plugins: [ownImportMeta],
  });
  await mkdir(path.dirname(serverBundle), { recursive: true });
  const suffix = `.${process.pid}.${Date.now()}.tmp`;
  // The map first: a server that finds the new file finds its map.
  const isMap = (file) => file.path.endsWith('.map');
  const files = [
    ...result.outputFiles.filter(isMap),
    ...result.outputFiles.filter((f) => !isMap(f)),
  ];
  for (const file of files) {
    await writeFile(file.path + suffix, file.contents);
    await rename(file.path + suffix, file.path);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
