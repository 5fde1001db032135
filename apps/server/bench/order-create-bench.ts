/**
 * Order entry's save under load: POST /api/v1/orders with one schedule and its primary product
 * (the route's validation, pricing, load projection, audit row and event, one transaction), from
 * 20 clients at once (in a worker thread), each waiting for its own order's orderUpdate_v1 to
 * arrive on a LISTEN connection, as the dispatch hub hears it. The figure is request start to
 * event arrival.
 * Target (issue 12): p99 under 100 ms at 20 connections. It also prints the server thread's CPU
 * time per order (R-ORD-14).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { customers } from '../src/db/schema/customers';
import { jobs } from '../src/db/schema/jobs';
import { plants } from '../src/db/schema/plants';
import { products } from '../src/db/schema/products';
import { concreteOrderBody, concreteSchedule } from '../test/order-fixtures';
import type { CreateClientsCommand, CreateClientsResult } from './order-create-clients';

const connections = 20;
const target = 100;

/** A concrete order any customer with a job could place: found in the benchmark's own data. */
export async function orderBodyFrom(db: Db, shipDate: string): Promise<Record<string, unknown>> {
  const [job] = await db
    .select({ jobId: jobs.id, customerId: jobs.customerId })
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .where(and(eq(customers.inactiveFlag, false), eq(jobs.inactiveFlag, false)))
    .orderBy(jobs.id)
    .limit(1);
  const [plant] = await db
    .select({ id: plants.id })
    .from(plants)
    .where(eq(plants.systemTypeId, 1))
    .orderBy(plants.id)
    .limit(1);
  const [mix] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.systemTypeId, 1), sql`${products.number} = '3000'`))
    .limit(1);
  if (!job || !plant || !mix)
    throw new Error('The benchmark data has no concrete job, plant or mix');
  return concreteOrderBody(
    {
      customerId: job.customerId,
      plantId: plant.id,
      customerPoNumber: 'BENCH',
      jobId: job.jobId,
      shipDate,
    },
    {
      // The bench has always saved its orders without a short load type: none is sent.
      shortLoadTypeId: undefined,
      schedules: [
        {
          ...concreteSchedule({
            plantId: plant.id,
            productId: mix.id,
            firstLoadOnJobTime: `${shipDate}T14:00:00Z`,
          }),
          extraProducts: [],
        },
      ],
    },
  );
}

/**
 * CPU time the server's thread (this process's main thread) has used, in ms, where Linux tells it
 * (undefined elsewhere): on a shared machine, CPU per order varies far less than latency does.
 */
function mainThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // utime and stime are the 14th and 15th fields; the command name before them may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
  } catch {
    return undefined;
  }
}
/** Linux's USER_HZ, the unit of /proc's CPU times, is 100 on every common platform. */
const clockTicksPerSecond = 100;

/**
 * CPU time all PostgreSQL processes on this machine have used, in ms (undefined when none is
 * readable, as when the database is elsewhere): with the server thread's, it tells where an
 * order's time goes. Processes that ended meanwhile are not counted.
 */
function postgresCpuMs(): Map<number, number> | undefined {
  try {
    const times = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        times.set(
          Number(entry),
          ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond,
        );
      } catch {
        // The process ended while the list was read.
      }
    }
    return times.size > 0 ? times : undefined;
  } catch {
    return undefined;
  }
}

/** CPU used between two readings of `postgresCpuMs`, by the processes seen in the second. */
function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

export async function runOrderCreateBench(options: {
  apiUrl: string;
  token: string;
  /** The PostgreSQL database behind the named database: the clients LISTEN there. */
  physicalUrl: string;
  body: Record<string, unknown>;
  seconds: number;
}): Promise<string[]> {
  const clientsModule = fileURLToPath(new URL('./order-create-clients.ts', import.meta.url));
  // Worker threads do not inherit tsx's loader: the worker loads its TypeScript through tsx's API.
  const worker = new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(clientsModule)}, ${JSON.stringify(import.meta.url)}))`,
    { eval: true },
  );
  const command: CreateClientsCommand = {
    apiUrl: options.apiUrl,
    token: options.token,
    physicalUrl: options.physicalUrl,
    body: JSON.stringify(options.body),
    connections,
    seconds: options.seconds,
  };
  const cpuBefore = mainThreadCpuMs();
  const postgresBefore = postgresCpuMs();
  const processBefore = process.cpuUsage();
  const result = await new Promise<CreateClientsResult>((resolve, reject) => {
    worker.on(
      'message',
      (message: { type: string; result?: CreateClientsResult; message?: string }) => {
        if (message.type === 'done' && message.result) resolve(message.result);
        if (message.type === 'error') reject(new Error(message.message));
      },
    );
    worker.on('error', reject);
    // The module loads asynchronously: the command waits in the port until it listens.
    worker.postMessage(command);
  });
  const cpuAfter = mainThreadCpuMs();
  const postgresAfter = postgresCpuMs();
  const processUsed = process.cpuUsage(processBefore);
  await worker.terminate();
  const latencies = [...result.latencies].sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const { failures, lastFailure } = result;
  // Warm-up and measured orders alike ran on the server's thread while it was measured.
  const cpuPerOrder =
    cpuBefore === undefined || cpuAfter === undefined
      ? ''
      : `   server thread ${((cpuAfter - cpuBefore) / result.ordersSaved).toFixed(2)} ms CPU/order`;
  const postgresPerOrder =
    postgresBefore === undefined || postgresAfter === undefined
      ? ''
      : `, PostgreSQL ${(postgresCpuBetween(postgresBefore, postgresAfter) / result.ordersSaved).toFixed(2)} ms`;
  // The rest of this process: the clients' worker thread, Node's own threads (GC, libuv).
  const otherThreads =
    cpuBefore === undefined || cpuAfter === undefined
      ? ''
      : `, other threads ${(((processUsed.user + processUsed.system) / 1000 - (cpuAfter - cpuBefore)) / result.ordersSaved).toFixed(2)} ms`;
  return [
    `POST /api/v1/orders (one schedule, its primary product, loads projected, audit, orderUpdate_v1), each timed until its own event arrives on a LISTEN connection, clients in a worker thread; ${connections} connections, ${options.seconds} s`,
    `  API + event                        ${(latencies.length / result.elapsedSeconds).toFixed(0).padStart(7)} orders/s   p50 ${p50.toFixed(0).padStart(4)} ms   p99 ${p99.toFixed(0).padStart(5)} ms   errors ${failures}${lastFailure ? ` (${lastFailure})` : ''}${cpuPerOrder}${postgresPerOrder}${otherThreads}`,
    `  target: p99 < ${target} ms   ${p99 < target && failures === 0 ? 'PASS' : 'BELOW TARGET'}`,
    '',
  ];
}
