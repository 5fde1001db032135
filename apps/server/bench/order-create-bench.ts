/**
 * Order entry's save under load: POST /api/v1/orders with one schedule and its primary product
 * (the route's validation, pricing, load projection, audit row and event, one transaction), from
 * 20 clients at once, each waiting for its own order's orderUpdate_v1 to arrive through the change
 * feed the dispatch hub listens to. The figure is request start to event arrival.
 * Target (issue 12): p99 under 100 ms at 20 connections.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { customers } from '../src/db/schema/customers';
import { jobs } from '../src/db/schema/jobs';
import { plants } from '../src/db/schema/plants';
import { products } from '../src/db/schema/products';
import type { ChangeFeed } from '../src/dispatch/change-feed';
import { concreteOrderBody, concreteSchedule } from '../src/test/order-fixtures';

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

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

export async function runOrderCreateBench(options: {
  apiUrl: string;
  token: string;
  database: string;
  feed: ChangeFeed;
  body: Record<string, unknown>;
  seconds: number;
}): Promise<string[]> {
  const waiting = new Map<number, () => void>();
  const arrived = new Set<number>();
  await options.feed.subscribe(options.database, (event) => {
    if (event.name !== 'orderUpdate_v1') return;
    const id = (event.data as { id?: number } | undefined)?.id;
    if (id === undefined) return;
    arrived.add(id);
    waiting.get(id)?.();
  });
  const eventOf = (id: number) =>
    arrived.has(id) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(id, resolve));

  const body = JSON.stringify(options.body);
  const headers = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' };
  const latencies: number[] = [];
  let failures = 0;
  let lastFailure = '';
  const run = async (until: number, record: boolean) => {
    while (performance.now() < until) {
      const started = performance.now();
      const response = await fetch(`${options.apiUrl}/api/v1/orders`, {
        method: 'POST',
        headers,
        body,
      });
      if (response.status !== 201) {
        failures += 1;
        lastFailure = `${response.status} ${(await response.text()).slice(0, 200)}`;
        continue;
      }
      const { id } = (await response.json()) as { id: number };
      await eventOf(id);
      waiting.delete(id);
      if (record) latencies.push(performance.now() - started);
    }
  };
  const workers = (seconds: number, record: boolean) => {
    const until = performance.now() + seconds * 1000;
    return Promise.all(Array.from({ length: connections }, () => run(until, record)));
  };
  await workers(2, false);
  const started = performance.now();
  await workers(options.seconds, true);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  return [
    `POST /api/v1/orders (one schedule, its primary product, loads projected, audit, orderUpdate_v1), each timed until its own event arrives through the change feed; ${connections} connections, ${options.seconds} s`,
    `  API + event                        ${(latencies.length / elapsed).toFixed(0).padStart(7)} orders/s   p50 ${p50.toFixed(0).padStart(4)} ms   p99 ${p99.toFixed(0).padStart(5)} ms   errors ${failures}${lastFailure ? ` (${lastFailure})` : ''}`,
    `  target: p99 < ${target} ms   ${p99 < target && failures === 0 ? 'PASS' : 'BELOW TARGET'}`,
    '',
  ];
}
