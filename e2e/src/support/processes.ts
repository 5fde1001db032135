import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildServer } from '../../../apps/server/scripts/build-server.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type RunningProcess = {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
};

/**
 * The server as `npm start` runs it: compiled into one file first (apps/server/scripts/
 * build-server.mjs), then run by Node without tsx.
 */
export const productProgram = {
  script: 'dist/main.mjs',
  nodeArgs: ['--enable-source-maps'],
  cwd: path.join(repoRoot, 'apps/server'),
};

/** Starts one of our programs as an operator would, and waits until it says it is ready. */
export async function startProgram(options: {
  script: string;
  /** Node's own options; by default tsx's hooks, which run a TypeScript script as it is. */
  nodeArgs?: string[];
  args?: string[];
  cwd: string;
  env: Record<string, string>;
  ready: string;
  timeoutMs?: number;
}): Promise<RunningProcess> {
  const env: Record<string, string | undefined> = { ...process.env, ...options.env };
  // The product's default: embedded PGlite, whatever the CI machine's DATABASE_URL says.
  if (!('DATABASE_URL' in options.env)) delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? ['--import', 'tsx']), options.script, ...(options.args ?? [])],
    {
      cwd: options.cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (!output.includes(options.ready)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.script} did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export type Product = {
  url: string;
  apiPort: number;
  dispatcherPort: number;
  intercomPort: number;
  /** The server's DATA_DIR (its database, and print-spool where spooled tickets land). */
  dataDir: string;
  stop(): Promise<void>;
};

/**
 * `npm start` as a new user runs it: the API serving the built web app and the dispatcher, over a
 * fresh embedded database seeded with the demo producer.
 */
export async function startProduct(
  options: {
    useLegacyIntegrator?: boolean;
    intercomPort?: number;
    /** More settings for the server (an SMTP server beside it, say). */
    env?: Record<string, string>;
  } = {},
  attempt = 1,
): Promise<Product> {
  const [apiPort, dispatcherPort] = [await freePort(), await freePort()];
  const intercomPort = options.intercomPort ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-e2e-'));
  // The demo as a fresh start seeds it, copied from the run's own first start (demo-template.ts):
  // seeding is most of a start, and every suite starts the product.
  // The benches start the product outside vitest, where there is nothing to inject.
  const template = process.env.VITEST ? inject('demoTemplate') : undefined;
  if (template && template.day === localDay()) {
    cpSync(template.dataDir, dataDir, { recursive: true });
  }
  // Under vitest the global setup compiled the server; a bench compiles it here.
  if (!process.env.VITEST && attempt === 1) await buildServer();
  let server: Awaited<ReturnType<typeof startProgram>>;
  try {
    server = await startProgram({
      ...productProgram,
      env: {
        ...productEnv(dataDir),
        PORT: String(apiPort),
        DISPATCHER_PORT: String(dispatcherPort),
        INTERCOM_PORT: String(intercomPort),
        USE_LEGACY_INTEGRATOR: options.useLegacyIntegrator ? 'true' : 'false',
        ...options.env,
      },
      ready: 'Demo logins',
    });
  } catch (error) {
    // A port found free can be taken by another suite's program before the server binds it:
    // start again on fresh ports rather than fail the suite.
    if (attempt < 3 && String(error).includes('EADDRINUSE')) {
      return startProduct(options, attempt + 1);
    }
    throw error;
  }
  return {
    url: `http://127.0.0.1:${apiPort}`,
    apiPort,
    dispatcherPort,
    intercomPort,
    dataDir,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The settings every start of the product for a suite shares. */
export function productEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // A private build may be named (E2E_WEB_DIST) so parallel work does not share one dist.
    WEB_DIST_DIR: process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
    // The demo stands at mid-day while the tests read it (R-DEMO-6), whatever the hour.
    DEMO_FOLLOWS_CLOCK: 'false',
    // The tests drive positions themselves (R-DEMO-7).
    DEMO_FLEET: 'off',
  };
}

/** Today on this machine's clock, as the demo's day is named (YYYY-MM-DD). */
export function localDay(at = new Date()): string {
  const offset = at.getTimezoneOffset() * 60_000;
  return new Date(at.getTime() - offset).toISOString().slice(0, 10);
}

/** The classic intercom stand-in, as `npm run intercom` starts it. */
export function startIntercom(port: number, apiUrl: string): Promise<RunningProcess> {
  return startProgram({
    script: 'src/main.ts',
    cwd: path.join(repoRoot, 'apps/intercom'),
    env: { INTERCOM_PORT: String(port), API_URL: apiUrl, HOST: '127.0.0.1' },
    ready: String(port),
  });
}
