/**
 * npm run bench:hub
 *
 * Write-to-client latency of the dispatcher on PostgreSQL: 1,000 WebSocket clients speaking the
 * JSON hub protocol log in to one named database; 100 truck status changes a second go through the
 * API (PUT /api/v1/trucks/{id}/status) for 30 s; every client should receive each truckUpdate_v1.
 * The API and the dispatcher run as separate processes (BENCH_TOPOLOGY=single runs them as one,
 * as `npm start` does); the clients run in a worker thread of this process (BENCH_CLIENT_THREADS).
 * Beside it, in the same run, a baseline: a bare `ws` server (its own process) broadcasting the
 * same payloads at the same rate to the same number of clients. Targets (issue 4): p99 at most
 * 100 ms, throughput at least 70% of the baseline's, nothing lost.
 */
import { Worker } from 'node:worker_threads';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { readEnv } from '../src/env';
import { freePort } from '../test/free-port';
import { createBenchDatabase } from './bench-database';
import { broadcastBaseline, loginToken, serverEnv, startNode, stopChild } from './bench-servers';

const clientCount = Number(process.env.BENCH_CLIENTS ?? 1000);
const writesPerSecond = Number(process.env.BENCH_RATE ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const workerCount = Number(process.env.BENCH_CLIENT_THREADS ?? 1);
const topology = process.env.BENCH_TOPOLOGY === 'single' ? 'single' : 'split';
const graceMs = 3_000;
const warmUpSeconds = 3;

type Report = { received: number; latencies: number[]; sample?: Record<string, unknown> };
type Stats = {
  delivered: number;
  perSecond: number;
  lost: number;
  p50: number;
  p99: number;
  max: number;
};

const clientsModule = new URL('./hub-bench-clients.ts', import.meta.url).href;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** BENCH_PROFILE: CPU profiles of the server processes (not the baseline's), in /tmp/prof. */
const serverNodeOptions = process.env.BENCH_PROFILE
  ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']
  : [];

/** The clients, split across worker threads so that parsing them does not slow the writes. */
function startClients() {
  const workers = Array.from(
    { length: workerCount },
    () =>
      // Worker threads do not inherit tsx's loader: the worker loads its TypeScript through tsx's API.
      new Worker(
        `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(clientsModule)}, ${JSON.stringify(import.meta.url)}))`,
        { eval: true },
      ),
  );
  const ask = <T>(worker: Worker, command: object, answer: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { type: string; message?: string }) => {
        if (message.type === 'error') reject(new Error(message.message));
        if (message.type !== answer) return;
        worker.off('message', onMessage);
        resolve(message as T);
      };
      worker.on('message', onMessage);
      worker.postMessage(command);
    });
  const all = <T>(command: object, answer: string) =>
    Promise.all(workers.map((worker) => ask<T>(worker, command, answer)));
  return {
    connect: (command: object) =>
      Promise.all(
        workers.map((worker, index) =>
          ask(
            worker,
            {
              ...command,
              type: 'connect',
              count:
                Math.floor(clientCount / workerCount) + (index < clientCount % workerCount ? 1 : 0),
            },
            'connected',
          ),
        ),
      ),
    reset: () => all({ type: 'reset' }, 'reset'),
    async report(): Promise<Report> {
      const reports = await all<Report>({ type: 'report' }, 'report');
      return {
        received: reports.reduce((sum, r) => sum + r.received, 0),
        latencies: reports.flatMap((r) => r.latencies),
        sample: reports.find((r) => r.sample)?.sample,
      };
    },
    async close() {
      await all({ type: 'close' }, 'closed');
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

function statsOf(report: Report, expected: number, elapsedSeconds: number): Stats {
  const sorted = Float64Array.from(report.latencies).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    delivered: report.received,
    perSecond: report.received / elapsedSeconds,
    lost: Math.max(0, expected - report.received),
    p50: at(0.5),
    p99: at(0.99),
    max: sorted[sorted.length - 1] ?? 0,
  };
}

async function main(): Promise<void> {
  const env = readEnv();
  const bench = await createBenchDatabase(env.DATABASE_URL);
  const [apiPort, hubPort] = [await freePort(), await freePort()];
  const common = serverEnv(bench.databaseUrl, apiPort, hubPort);
  const startServer = (role: string, ready: RegExp) =>
    startNode(['src/main.ts', '--role', role], common, ready, serverNodeOptions);
  // 'split' (default) runs the API and the dispatcher as separate processes, as an installation
  // with a thousand screens would (ARCHITECTURE: several API and dispatcher processes on one
  // PostgreSQL); 'single' runs them as `npm start` does.
  const servers =
    topology === 'single'
      ? [startServer('both', /Dispatcher \(DispatchHub\)/)]
      : [
          startServer('api', /Dispatch is running/),
          startServer('dispatcher', /Dispatcher \(DispatchHub\)/),
        ];
  const baseline = startNode(['bench/hub-baseline-server.ts'], {}, /listening (\d+)/);
  const clients = startClients();
  try {
    await Promise.all(servers.map((server) => server.started));
    const baselinePort = Number((await baseline.started)[1]);
    const api = `http://127.0.0.1:${apiPort}`;
    const token = await loginToken(api, bench.name);
    const auth = { authorization: `Bearer ${token}` };
    const listed = await fetch(`${api}/api/v1/trucks?limit=500`, { headers: auth });
    const trucks = ((await listed.json()) as { data: { id: number }[] }).data;

    /** Truck status changes through the API at the benchmark's rate, for so many seconds. */
    let writesSent = 0;
    const writeStatuses = async (forSeconds: number) => {
      const total = writesPerSecond * forSeconds;
      let sent = 0;
      let acknowledged = 0;
      let failed = 0;
      const took: number[] = [];
      const started = Date.now();
      const inFlight = new Set<Promise<void>>();
      while (sent < total) {
        const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * writesPerSecond));
        for (; sent < due; sent += 1, writesSent += 1) {
          const truck = trucks[writesSent % trucks.length]!;
          // Between 'to job' and 'on job': a truck on the road changes no yard and no ticket twice.
          const statusId =
            Math.floor(writesSent / trucks.length) % 2 === 0
              ? truckStatusIds.toJob
              : truckStatusIds.onJob;
          const requested = Date.now();
          const write = fetch(`${api}/api/v1/trucks/${truck.id}/status`, {
            method: 'PUT',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ statusId }),
          })
            .then(async (response) => {
              await response.arrayBuffer();
              took.push(Date.now() - requested);
              if (response.ok) acknowledged += 1;
              else failed += 1;
            })
            .catch(() => {
              failed += 1;
            })
            .finally(() => inFlight.delete(write));
          inFlight.add(write);
        }
        await sleep(2);
      }
      await Promise.all(inFlight);
      took.sort((a, b) => a - b);
      const writeP99 = took[Math.floor(took.length * 0.99)] ?? 0;
      return { acknowledged, failed, writeP50: took[Math.floor(took.length / 2)] ?? 0, writeP99 };
    };

    // --- The dispatcher: writes through the API, events through NOTIFY and the hub.
    await clients.connect({
      url: `ws://127.0.0.1:${hubPort}/dispatchHub?access_token=${encodeURIComponent(token)}`,
      hub: true,
      login: { username: 'dispatcher', token, database: bench.name },
    });
    // A few seconds of the same writes first, so both sides are measured warm (JIT, pools).
    await writeStatuses(warmUpSeconds);
    await sleep(graceMs);
    await clients.reset();
    const started = Date.now();
    const { acknowledged, failed, writeP50, writeP99 } = await writeStatuses(seconds);
    const writeSeconds = (Date.now() - started) / 1000;
    await sleep(graceMs);
    const hubReport = await clients.report();
    const hub = statsOf(hubReport, acknowledged * clientCount, writeSeconds);
    await clients.close();

    // --- The baseline: the same frames, same rate, same number of clients, bare ws.
    const baseClients = startClients();
    await baseClients.connect({ url: `ws://127.0.0.1:${baselinePort}/`, hub: false });
    // The very payload the hub delivered, restamped at each send.
    const template = hubReport.sample;
    if (!template) throw new Error('No truckUpdate_v1 reached the hub clients.');
    const broadcast = (forSeconds: number) =>
      broadcastBaseline(baselinePort, { rate: writesPerSecond, seconds: forSeconds, template });
    await broadcast(warmUpSeconds);
    await sleep(graceMs);
    await baseClients.reset();
    const baseStarted = Date.now();
    const baseSent = await broadcast(seconds);
    const baseSeconds = (Date.now() - baseStarted) / 1000;
    await sleep(graceMs);
    const base = statsOf(await baseClients.report(), baseSent * clientCount, baseSeconds);
    await baseClients.close();

    const row = (label: string, s: Stats) =>
      `  ${label.padEnd(38)} ${s.perSecond.toFixed(0).padStart(7)} msg/s   p50 ${String(s.p50).padStart(4)} ms   p99 ${String(s.p99).padStart(5)} ms   max ${String(s.max).padStart(5)} ms   lost ${s.lost}`;
    const ratio = hub.perSecond / base.perSecond;
    const pass = hub.p99 <= 100 && ratio >= 0.7 && hub.lost === 0 && failed === 0;
    process.stdout.write(
      [
        '',
        `truckUpdate_v1 to ${clientCount} hub clients, ${writesPerSecond} truck status changes/s for ${seconds} s through the API; PostgreSQL; ${topology === 'split' ? 'API and dispatcher as separate processes' : 'API and dispatcher in one process (npm start)'}`,
        `  writes: ${acknowledged} acknowledged, ${failed} failed, in ${writeSeconds.toFixed(1)} s; API answer p50 ${writeP50} ms, p99 ${writeP99} ms`,
        row('dispatcher (API, NOTIFY, DispatchHub)', hub),
        row('baseline (bare ws broadcast)', base),
        `  throughput ratio ${ratio.toFixed(2)} (target >= 0.70)   p99 ${hub.p99} ms (target <= 100 ms)   lost ${hub.lost} (target 0)   ${pass ? 'PASS' : 'BELOW TARGET'}`,
        '',
      ].join('\n'),
    );
  } finally {
    await Promise.all(servers.map((server) => stopChild(server.child)));
    await stopChild(baseline.child);
    await bench.drop();
  }
}

await main();
