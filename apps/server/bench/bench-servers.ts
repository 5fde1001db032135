/**
 * The server processes the hub and positions benchmarks start (a TypeScript entry point of the
 * server in a Node process of its own, awaited until its output says it is ready, and stopped
 * again), and what the benchmarks ask of them: a dispatcher's token, a baseline broadcast.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '..');

/**
 * Starts `node --import tsx [...nodeOptions] ...args` in apps/server with `env` over this
 * process's own. `started` resolves with the first match of `ready` in its output (stdout and
 * stderr together), and rejects, with that output, if the process exits before.
 */
export function startNode(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  nodeOptions: readonly string[] = [],
) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeOptions, ...args], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const started = new Promise<RegExpMatchArray>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolve(match);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}:\n${output}`)));
  });
  return { child, started };
}

/** Stops a process started by startNode (SIGTERM) and waits for it to exit. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * The environment of the API and dispatcher processes on a bench database: production, quiet, on
 * the loopback interface, the API on `apiPort` and the dispatcher (DispatchHub) on `hubPort`.
 */
export function serverEnv(databaseUrl: string, apiPort: number, hubPort: number) {
  return {
    DATABASE_URL: databaseUrl,
    PORT: String(apiPort),
    DISPATCHER_PORT: String(hubPort),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  };
}

/** An access token of the demo's dispatcher client in the named database (POST /token). */
export async function loginToken(apiUrl: string, database: string): Promise<string> {
  const login = await fetch(`${apiUrl}/token`, {
    method: 'POST',
    headers: { database, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'client_id=dispatcher&client_secret=demo&grant_type=client_credentials',
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return token;
}

/**
 * Has the baseline server (hub-baseline-server.ts, on `port`) broadcast `template`, restamped at
 * each send, `rate` times a second for so many seconds to its clients; answers how many it sent.
 */
export async function broadcastBaseline(
  port: number,
  run: { rate: number; seconds: number; template: Record<string, unknown> },
): Promise<number> {
  const answer = await fetch(`http://127.0.0.1:${port}/broadcast`, {
    method: 'POST',
    body: JSON.stringify(run),
  });
  return ((await answer.json()) as { sent: number }).sent;
}
