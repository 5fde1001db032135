/**
 * Part of `npm run bench` (orders-bench.ts runs it on its seed-scale database).
 *
 * 1. The load board's read, GET /api/v1/load-board for a dispatcher's usual question: the next 4
 *    hours, every plant. The 4 hours are the busiest of the seeded day (the run's clock may be at
 *    night), named in the output. Through the whole API (token, permissions, the kept answer,
 *    gzip) at 50 connections while a truck's status changes every 250 ms (each change drops the
 *    kept answer and sends the plant's status averages), beside a bare baseline in the same run:
 *    the same SQL served by node:http and pg. Target (issue 13): API p99 under 50 ms.
 * 2. Dispatch latency: 200 board screens on the official SignalR client logged in to a dispatcher
 *    (DispatchHub) in this process; loads are dispatched one after another through
 *    POST /api/v1/loads/{id}/dispatch, each a scheduled load and the first truck in its plant's
 *    yard; each is timed from the request to the last of the 200 clients receiving that load's
 *    loadUpdate_v1. Target (issue 13): p99 under 100 ms.
 * 3. Delivery latency (issue 15): see deliveryLatency below.
 */
import http from 'node:http';
import pg from 'pg';
import pino from 'pino';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import type { Tenancy } from '../src/db/tenancy';
import { createChangeFeed } from '../src/dispatch/change-feed';
import { dispatchHubPath } from '../src/dispatch/dispatcher';
import { createDispatchHub } from '../src/dispatch/hub-wiring';
import { createSimulatedScaleSource } from '../src/dispatch/scales';
import { boardPlants, readLoadBoard } from '../src/modules/load-scheduling/load-board.service';
import { recordingDb, tsWorker } from './bench-tools';
import type { BoardClientsCommand, BoardClientsMessage } from './board-dispatch-clients';
import type { HttpLoadCommand, HttpLoadResult } from './http-load-clients';

const connections = 50;
const readTarget = 50;
const hubClients = Number(process.env.BENCH_BOARD_CLIENTS ?? 200);
const dispatches = Number(process.env.BENCH_DISPATCHES ?? 100);
const dispatchTarget = 100;
const hourMs = 3_600_000;

type Result = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** Closed-loop GETs from a worker thread (http-load-clients.ts): 2 s of warm-up, then the measure. */
async function hammer(url: string, headers: Record<string, string>, seconds: number) {
  const worker = tsWorker('./http-load-clients.ts', import.meta.url);
  const command: HttpLoadCommand = { url, headers, connections, warmUpSeconds: 2, seconds };
  const result = await new Promise<HttpLoadResult>((resolve, reject) => {
    worker.on('message', (message: { type: string; result?: HttpLoadResult; message?: string }) => {
      if (message.type === 'done' && message.result) resolve(message.result);
      if (message.type === 'error') reject(new Error(message.message));
    });
    worker.on('error', reject);
    worker.postMessage(command);
  });
  await worker.terminate();
  const latencies = [...result.latencies].sort((a, b) => a - b);
  return {
    rps: latencies.length / result.elapsedSeconds,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    errors: result.errors,
    non2xx: result.non2xx,
  } satisfies Result;
}

const row = (label: string, r: Result) =>
  `  ${label.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(5)} ms   errors ${r.errors + r.non2xx}`;

export type LoadBoardBenchOptions = {
  apiUrl: string;
  token: string;
  username: string;
  tenancy: Tenancy;
  /** The named database and the PostgreSQL database behind it. */
  name: string;
  physicalUrl: string;
  seconds: number;
};

/** The 4 hours of the seeded day with the most loads on the job. */
async function busiestWindow(pool: pg.Pool): Promise<{ from: Date; to: Date; loads: number }> {
  const { rows } = await pool.query<{ hour: Date; loads: number }>(
    `select h.hour, (select count(*)::int from loads
                      where on_job_time >= h.hour and on_job_time < h.hour + interval '4 hours') as loads
       from (select distinct date_trunc('hour', on_job_time) as hour from loads
              where status_id = 1 and on_job_time is not null) h
      order by loads desc, hour
      limit 1`,
  );
  const best = rows[0];
  if (!best) throw new Error('The benchmark data has no scheduled loads');
  return { from: best.hour, to: new Date(best.hour.getTime() + 4 * hourMs), loads: best.loads };
}

async function boardReads(options: LoadBoardBenchOptions, pool: pg.Pool): Promise<string[]> {
  const window = await busiestWindow(pool);
  const allowedSystemTypeIds = [1, 2, 3] as const;
  // The exact statements the API runs for the question, captured from Drizzle's logger.
  const { db: recording, statements } = recordingDb(pool);
  const plants = await boardPlants(recording, { plantIds: undefined, allowedSystemTypeIds });
  const board = await readLoadBoard(
    recording,
    { ...window, plantIds: undefined, allowedSystemTypeIds, now: new Date() },
    plants,
  );
  const loadsOnBoard = board.orders.reduce((sum, order) => sum + order.loads.length, 0);
  const bytes = Buffer.byteLength(JSON.stringify(board));

  let stopping = false;
  const baseline = http.createServer((_request, response) => {
    void (async () => {
      try {
        const results = [];
        for (const statement of statements) {
          results.push((await pool.query(statement.sql, statement.params)).rows);
        }
        const body = JSON.stringify(results);
        response.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        });
        response.end(body);
      } catch (error) {
        response.writeHead(500).end(stopping ? '' : String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
  const basePort = (baseline.address() as { port: number }).port;

  // A truck off duty and out of service in turn every 250 ms: a write that drops the kept board.
  const { rows: idle } = await pool.query<{ id: number }>(
    `select id from trucks where status_id = $1 and plant_id is not null order by id limit 1`,
    [truckStatusIds.offDuty],
  );
  const changes = (seconds: number) => {
    const until = Date.now() + seconds * 1000;
    return (async () => {
      let changed = 0;
      while (idle[0] && Date.now() < until) {
        const statusId = changed % 2 === 0 ? truckStatusIds.outOfService : truckStatusIds.offDuty;
        const response = await fetch(`${options.apiUrl}/api/v1/trucks/${idle[0].id}/status`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ statusId }),
        });
        if (response.ok) changed += 1;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return changed;
    })();
  };

  const query = `from=${window.from.toISOString()}&to=${window.to.toISOString()}`;
  const writes = changes(options.seconds + 2);
  const api = await hammer(
    `${options.apiUrl}/api/v1/load-board?${query}`,
    { authorization: `Bearer ${options.token}`, 'accept-encoding': 'gzip, deflate, br' },
    options.seconds,
  );
  const changed = await writes;
  const base = await hammer(`http://127.0.0.1:${basePort}/`, {}, options.seconds);
  stopping = true;
  await new Promise((resolve) => baseline.close(resolve));
  return [
    `GET /api/v1/load-board?${query}: the busiest 4 hours of the seeded day, all ${plants.length} plants; ${board.orders.length} orders, ${loadsOnBoard} loads on the board (${window.loads} on the job in the window), ${(bytes / 1024).toFixed(0)} KB of JSON; ${statements.length} SQL statements; PostgreSQL, ${connections} connections, ${options.seconds} s, ${changed} truck status changes meanwhile`,
    row('API (Fastify, token, kept, gzip)', api),
    row('baseline (node:http + pg, same SQL)', base),
    `  API p99 ${api.p99} ms (target < ${readTarget} ms)   ${api.p99 < readTarget && api.errors + api.non2xx === 0 ? 'PASS' : 'BELOW TARGET'}`,
    '',
  ];
}

async function dispatchLatency(options: LoadBoardBenchOptions, pool: pg.Pool): Promise<string[]> {
  const feed = createChangeFeed(options.tenancy);
  const dispatcher = createDispatchHub({
    tenancy: options.tenancy,
    changeFeed: feed,
    now: () => new Date(),
    logger: pino({ level: 'silent' }),
    scaleSource: createSimulatedScaleSource({ intervalMs: 60_000 }),
  });
  const { port } = await dispatcher.listen(0, '127.0.0.1');
  const worker = tsWorker('./board-dispatch-clients.ts', import.meta.url);
  const ask = <T extends BoardClientsMessage['type']>(command: BoardClientsCommand, answer: T) =>
    new Promise<Extract<BoardClientsMessage, { type: T }>>((resolve, reject) => {
      const onMessage = (message: BoardClientsMessage) => {
        if (message.type === 'error') {
          worker.off('message', onMessage);
          reject(new Error(message.message));
        }
        if (message.type !== answer) return;
        worker.off('message', onMessage);
        resolve(message as Extract<BoardClientsMessage, { type: T }>);
      };
      worker.on('message', onMessage);
      worker.postMessage(command);
    });

  try {
    const connected = await ask(
      {
        type: 'connect',
        url: `http://127.0.0.1:${port}${dispatchHubPath}`,
        count: hubClients,
        username: options.username,
        token: options.token,
        database: options.name,
      },
      'connected',
    );

    // Scheduled loads of orders being shipped, each with the next truck in its plant's yard, the
    // plants taken in turn so no yard runs dry.
    const { rows: pairs } = await pool.query<{ load_id: number; truck_id: number }>(
      `with yard as (
         select t.id, t.plant_id, row_number() over (partition by t.plant_id order by t.in_yard_sequence_num) as n
           from trucks t join plants p on p.id = t.plant_id
          where t.in_yard_sequence_num is not null and not t.inactive_flag and t.current_ticket_id is null
            and p.system_type_id in (1, 2)),
       waiting as (
         select l.id, s.plant_id, row_number() over (partition by s.plant_id order by l.on_job_time, l.id) as n
           from loads l join schedules s on s.id = l.schedule_id join orders o on o.id = l.order_id
          where l.status_id = 1 and l.ticket_id is null and o.order_status_id in (1, 2, 6, 8))
       select w.id as load_id, y.id as truck_id
         from yard y join waiting w on w.plant_id = y.plant_id and w.n = y.n
        order by y.n, y.plant_id
        limit $1`,
      [dispatches],
    );
    const latencies: number[] = [];
    const requests: number[] = [];
    const sent: { load_id: number; truck_id: number }[] = [];
    let failures = 0;
    let lastFailure = '';
    let short = 0;
    for (const pair of pairs) {
      const started = Date.now();
      const response = await fetch(`${options.apiUrl}/api/v1/loads/${pair.load_id}/dispatch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        // A truck flagged needs wash goes as it is (R-DISP-13): the bench times the dispatch.
        body: JSON.stringify({ truckId: pair.truck_id, confirmNeedsWash: true }),
      });
      const answered = Date.now();
      if (!response.ok) {
        failures += 1;
        lastFailure = `${response.status} ${await response.text()}`.slice(0, 200);
        continue;
      }
      await response.arrayBuffer();
      const arrived = await ask(
        { type: 'await', loadId: pair.load_id, timeoutMs: 5_000 },
        'arrived',
      );
      if (arrived.clients < connected.count) short += 1;
      sent.push(pair);
      requests.push(answered - started);
      latencies.push(arrived.lastAt - started);
    }
    latencies.sort((a, b) => a - b);
    requests.sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    const delivery = await deliveryLatency(options, pool, ask, connected.count, sent);
    return [
      `POST /api/v1/loads/{id}/dispatch (ticket numbered, load queued, truck loading, events), one after another, each timed until the last of ${connected.count} hub clients (@microsoft/signalr, WebSockets) receives its loadUpdate_v1; API and dispatcher in this process; ${latencies.length} dispatches`,
      `  request alone                      p50 ${percentile(requests, 50).toFixed(0).padStart(4)} ms   p99 ${percentile(requests, 99).toFixed(0).padStart(5)} ms`,
      `  request + event at every client    p50 ${percentile(latencies, 50).toFixed(0).padStart(4)} ms   p99 ${p99.toFixed(0).padStart(5)} ms   max ${(latencies.at(-1) ?? Number.NaN).toFixed(0)} ms   errors ${failures}${lastFailure ? ` (${lastFailure})` : ''}   events missing at some client ${short}`,
      `  target: p99 < ${dispatchTarget} ms   ${p99 < dispatchTarget && failures === 0 && short === 0 && latencies.length > 0 ? 'PASS' : 'BELOW TARGET'}`,
      '',
      ...delivery,
    ];
  } finally {
    await ask({ type: 'close' }, 'closed').catch(() => undefined);
    await worker.terminate();
    await dispatcher.close();
    await feed.close();
  }
}

type Ask = <T extends BoardClientsMessage['type']>(
  command: BoardClientsCommand,
  answer: T,
) => Promise<Extract<BoardClientsMessage, { type: T }>>;

/**
 * 3. Delivery latency (issue 15): each truck just sent goes to the job and starts unloading
 *    (untimed); then its Washing status, which delivers the ticket (R-DELIV-3), is timed from the
 *    request until the last of the 200 hub clients has an orderUpdate_v1 whose primary products
 *    deliver the order's new quantity (the load added to what it had). Target: p99 under 100 ms.
 */
async function deliveryLatency(
  options: LoadBoardBenchOptions,
  pool: pg.Pool,
  ask: Ask,
  clients: number,
  sent: readonly { load_id: number; truck_id: number }[],
): Promise<string[]> {
  const setStatus = async (truckId: number, statusId: number) => {
    const response = await fetch(`${options.apiUrl}/api/v1/trucks/${truckId}/status`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ statusId }),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`status ${statusId} of truck ${truckId}: ${response.status}`);
  };
  const latencies: number[] = [];
  const requests: number[] = [];
  let failures = 0;
  let lastFailure = '';
  let short = 0;
  for (const pair of sent) {
    try {
      for (const statusId of [
        truckStatusIds.toJob,
        truckStatusIds.onJob,
        truckStatusIds.unloading,
      ]) {
        await setStatus(pair.truck_id, statusId);
      }
      const { rows } = await pool.query<{ order_id: number; delivered: string }>(
        `select l.order_id,
                (select coalesce(sum(sp.delivered_quantity), 0) from schedules s
                   join schedule_products sp on sp.schedule_id = s.id and sp.primary_flag
                  where s.order_id = l.order_id) + l.quantity as delivered
           from loads l where l.id = $1`,
        [pair.load_id],
      );
      const expected = rows[0]!;
      const started = Date.now();
      await setStatus(pair.truck_id, truckStatusIds.washing);
      const answered = Date.now();
      const arrived = await ask(
        {
          type: 'awaitOrder',
          orderId: expected.order_id,
          delivered: Number(expected.delivered),
          timeoutMs: 5_000,
        },
        'orderArrived',
      );
      if (arrived.clients < clients) short += 1;
      requests.push(answered - started);
      latencies.push(arrived.lastAt - started);
    } catch (error) {
      failures += 1;
      lastFailure = String(error).slice(0, 200);
    }
  }
  latencies.sort((a, b) => a - b);
  requests.sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  return [
    `PUT /api/v1/trucks/{id}/status Washing, delivering the ticket (ticket, load, schedule and order settled, events), one after another, each timed until the last of ${clients} hub clients has the order's new delivered quantity in an orderUpdate_v1; ${latencies.length} deliveries`,
    `  request alone                      p50 ${percentile(requests, 50).toFixed(0).padStart(4)} ms   p99 ${percentile(requests, 99).toFixed(0).padStart(5)} ms`,
    `  request + quantity at every client p50 ${percentile(latencies, 50).toFixed(0).padStart(4)} ms   p99 ${p99.toFixed(0).padStart(5)} ms   max ${(latencies.at(-1) ?? Number.NaN).toFixed(0)} ms   errors ${failures}${lastFailure ? ` (${lastFailure})` : ''}   missing at some client ${short}`,
    `  target: p99 < ${dispatchTarget} ms   ${p99 < dispatchTarget && failures === 0 && short === 0 && latencies.length > 0 ? 'PASS' : 'BELOW TARGET'}`,
    '',
  ];
}

export async function runLoadBoardBench(options: LoadBoardBenchOptions): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: options.physicalUrl, max: 20 });
  try {
    return [...(await boardReads(options, pool)), ...(await dispatchLatency(options, pool))];
  } finally {
    await pool.end();
  }
}
