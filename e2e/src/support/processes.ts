import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

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

/** Starts one of our programs as an operator would, and waits until it says it is ready. */
export async function startProgram(options: {
  script: string;
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
    ['--import', 'tsx', options.script, ...(options.args ?? [])],
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
): Promise<Product> {
  const [apiPort, dispatcherPort] = [await freePort(), await freePort()];
  const intercomPort = options.intercomPort ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-e2e-'));
  const server = await startProgram({
    script: 'src/main.ts',
    cwd: path.join(repoRoot, 'apps/server'),
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      DISPATCHER_PORT: String(dispatcherPort),
      INTERCOM_PORT: String(intercomPort),
      DATA_DIR: dataDir,
      // A private build may be named (E2E_WEB_DIST) so parallel work does not share one dist.
      WEB_DIST_DIR: process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
      USE_LEGACY_INTEGRATOR: options.useLegacyIntegrator ? 'true' : 'false',
      // The demo stands at mid-day while the tests read it (R-DEMO-6), whatever the hour.
      DEMO_FOLLOWS_CLOCK: 'false',
      ...options.env,
    },
    ready: 'Demo logins',
  });
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

/** The classic intercom stand-in, as `npm run intercom` starts it. */
export function startIntercom(port: number, apiUrl: string): Promise<RunningProcess> {
  return startProgram({
    script: 'src/main.ts',
    cwd: path.join(repoRoot, 'apps/intercom'),
    env: { INTERCOM_PORT: String(port), API_URL: apiUrl, HOST: '127.0.0.1' },
    ready: String(port),
  });
}
