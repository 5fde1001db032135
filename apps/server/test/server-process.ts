/**
 * Test helper: a server process of ours, started as an operator would: `npm start -w
 * @dispatch/server -- --role …`, which runs the server compiled into one file. A suite compiles
 * it first, once (`buildServer` from scripts/build-server.mjs).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '..');

export type ServerProcess = {
  readonly pid: number;
  readonly output: () => string;
  /** Waits until the process has printed `text` (its ready line). */
  printed(text: string, timeoutMs?: number): Promise<void>;
  /** SIGTERM, as an operator or a service manager stops it; resolves when it has exited. */
  stop(): Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startServerProcess(args: string[], env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.mjs', ...args], {
    cwd: serverRoot,
    // The demo fleet stays still unless a test asks for it: its writes are not what tests check.
    env: { ...process.env, DEMO_FLEET: 'off', ...env, LOG_LEVEL: env.LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    pid: child.pid!,
    output: () => output,
    async printed(text, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      while (!output.includes(text)) {
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`process ${args.join(' ')} did not print '${text}':\n${output}`);
        }
        await sleep(50);
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
