/**
 * npm run bench:positions
 *
 * Issue 26: GPS positions in, fence decisions, and the boards' fan-out, on PostgreSQL. 600
 * concrete trucks (added to a bench database seeded with the demo: its three fenced concrete
 * plants; half of the trucks on a load, To job, their ticket's job located, the other half To
 * plant) each post a fix every 5 s, staggered evenly (120 positions/s), for 60 s through the API
 * (POST /api/v1/trucks/{id}/positions, as a dispatcher who may move every concrete truck). Each
 * truck drives a straight line towards its job or plant, far enough out that no fence is reached:
 * every fix runs the geofence rules against the truck's fences and decides nothing, and every fix
 * moves the truck on, so each publishes a truckPositionUpdate_v1. 200 board clients (lean, in a
 * worker thread, speaking the hub's JSON protocol; positions-bench-clients.ts) log in to the
 * dispatcher. Each fix is known in its event by truckId and recordedAt and timed from just before
 * its POST to when the last of the 200 clients has it; a fix some client never gets (within a
 * grace period) is lost. The server's CPU per position is the API and dispatcher processes' CPU
 * time (/proc/<pid>/stat) over the run, divided by the positions posted.
 *
 * Beside it, in the same run, a baseline: the bare `ws` server of the hub benchmark
 * (hub-baseline-server.ts, its own process) broadcasting the same payload at the same rate to as
 * many of the same clients, timed from its send to the last client, its CPU per message likewise.
 * Target (issue 26): p99 under 100 ms, none lost. BENCH_SECONDS, BENCH_TRUCKS, BENCH_CLIENTS
 * change the run's length, the fleet and the number of boards.
 */
import type { Worker } from 'node:worker_threads';
import pg from 'pg';
import { systemTypeIds } from '@dispatch/domain/system-types';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import type { TruckPositionsAnswer } from '@dispatch/domain/trucks/truck-positions';
import { demoCompany } from '../seed/demo-company';
import { truckTypeIds } from '../src/db/reference-ids';
import { readEnv } from '../src/env';
import { freePort } from '../test/free-port';
import { createBenchDatabase } from './bench-database';
import { broadcastBaseline, loginToken, serverEnv, startNode, stopChild } from './bench-servers';
import { askWorker, tsWorker } from './bench-tools';
import { percentile, postgresCpuBetween, postgresCpuMs, processCpuMs, sleep } from './process-cpu';
import type { ClientsCommand, ConnectCommand } from './hub-protocol-client';
import type { PositionsClientsReport } from './positions-bench-clients';

const truckCount = Number(process.env.BENCH_TRUCKS ?? 600);
const clientCount = Number(process.env.BENCH_CLIENTS ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
/** Each truck posts a fix this often, the fleet staggered evenly over it. */
const fixEverySeconds = 5;
const positionsPerSecond = truckCount / fixEverySeconds;
/** Two fixes of every truck first (its first of the day also sweeps its old track). */
const warmUpSeconds = 2 * fixEverySeconds;
const graceMs = 5_000;
const targetP99Ms = 100;
/** Where each truck starts, from its job or plant, and how fast it closes in: never arriving. */
const startDistanceM = 6_000;
const speedMps = 10;
const metresPerDegree = 111_320;

/** The board clients' worker thread (positions-bench-clients.ts). */
function startClients() {
  const worker: Worker = tsWorker('./positions-bench-clients.ts', import.meta.url);
  const ask = askWorker<ClientsCommand>(worker);
  return {
    connect: (command: Omit<ConnectCommand, 'type'>) =>
      ask<{ count: number }>({ ...command, type: 'connect' }, 'connected'),
    reset: () => ask({ type: 'reset' }, 'reset'),
    report: () => ask<PositionsClientsReport>({ type: 'report' }, 'report'),
    async close() {
      await ask({ type: 'close' }, 'closed').catch(() => undefined);
      await worker.terminate();
    },
  };
}

type Point = { latitude: number; longitude: number };

/** The point `metres` from `from` on the bearing (degrees from north); flat earth is plenty here. */
function offset(from: Point, bearingDeg: number, metres: number): Point {
  const bearing = (bearingDeg * Math.PI) / 180;
  return {
    latitude: from.latitude + (metres * Math.cos(bearing)) / metresPerDegree,
    longitude:
      from.longitude +
      (metres * Math.sin(bearing)) / (metresPerDegree * Math.cos((from.latitude * Math.PI) / 180)),
  };
}

type Route = { truckId: number; start: Point; headingDeg: number; onLoad: boolean };

/**
 * The bench's fleet, added to the seeded database: `truckCount` mixers spread over the fenced
 * concrete plants, the even ones on a load (a located ticket's job, To job), the odd ones To plant
 * without one; each starts `startDistanceM` from its job or plant, on a bearing of its own, and
 * drives straight at it.
 */
async function addFleet(physicalUrl: string) {
  const client = new pg.Client({ connectionString: physicalUrl });
  await client.connect();
  try {
    const { rows: plants } = await client.query<{
      id: number;
      latitude: number;
      longitude: number;
    }>(
      `select id, latitude::float8 as latitude, longitude::float8 as longitude from plants
        where system_type_id = $1 and radius > 0 and latitude is not null and longitude is not null
          and not inactive_flag
        order by id`,
      [systemTypeIds.concrete],
    );
    if (plants.length === 0) throw new Error('The bench database has no fenced concrete plant.');
    const onLoad = Math.ceil(truckCount / 2);
    // Located tickets of concrete orders no truck is on: each truck on a load gets its own.
    const { rows: tickets } = await client.query<{
      id: number;
      plant_id: number;
      latitude: number;
      longitude: number;
    }>(
      `select t.id, t.plant_id, j.gps_lat::float8 as latitude, j.gps_lon::float8 as longitude
         from tickets t
         join orders o on o.id = t.order_id
         join jobs j on j.id = o.job_id
         join plants p on p.id = t.plant_id
        where p.system_type_id = $1 and p.radius > 0 and j.gps_lat is not null and j.gps_lon is not null
          and not exists (select 1 from trucks k where k.current_ticket_id = t.id)
        order by t.id desc
        limit $2`,
      [systemTypeIds.concrete, onLoad],
    );
    if (tickets.length === 0) throw new Error('The bench database has no located concrete ticket.');
    const planned = Array.from({ length: truckCount }, (_, index) => {
      const ticket = index % 2 === 0 ? tickets[(index / 2) % tickets.length]! : undefined;
      const plant = ticket
        ? plants.find((candidate) => candidate.id === ticket.plant_id)!
        : plants[index % plants.length]!;
      const target: Point = ticket ?? plant;
      // The golden angle: every truck its own line in.
      const bearing = (index * 137.508) % 360;
      return {
        number: `P${String(index + 1).padStart(4, '0')}`,
        plantId: plant.id,
        statusId: ticket ? truckStatusIds.toJob : truckStatusIds.toPlant,
        ticketId: ticket?.id ?? null,
        start: offset(target, bearing, startDistanceM),
        headingDeg: (bearing + 180) % 360,
      };
    });
    const { rows: added } = await client.query<{ id: number; identification_number: string }>(
      `insert into trucks (identification_number, description, truck_company_id, truck_type_id,
                           plant_id, status_id, status_date_time, current_ticket_id,
                           max_load_quantity, tare_weight)
       select u.number, 'Positions bench mixer', $1, $2, u.plant_id, u.status_id, now(), u.ticket_id,
              10, 30000
         from unnest($3::text[], $4::int[], $5::int[], $6::int[]) as u(number, plant_id, status_id, ticket_id)
       returning id, identification_number`,
      [
        demoCompany.truckCompanyId,
        truckTypeIds.mixer10,
        planned.map((truck) => truck.number),
        planned.map((truck) => truck.plantId),
        planned.map((truck) => truck.statusId),
        planned.map((truck) => truck.ticketId),
      ],
    );
    const idOf = new Map(added.map((row) => [row.identification_number, row.id]));
    const routes: Route[] = planned.map((truck) => ({
      truckId: idOf.get(truck.number)!,
      start: truck.start,
      headingDeg: truck.headingDeg,
      onLoad: truck.ticketId !== null,
    }));
    return { routes, plants: plants.length, tickets: tickets.length, onLoad };
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const env = readEnv();
  const bench = await createBenchDatabase(env.DATABASE_URL);
  const [apiPort, hubPort] = [await freePort(), await freePort()];
  const common = {
    ...serverEnv(bench.databaseUrl, apiPort, hubPort),
    // Nothing but the bench on the servers: the demo's day stands still and its fleet stays put.
    DEMO_FOLLOWS_CLOCK: 'false',
    DEMO_FLEET: 'off',
  };
  const api = startNode(['src/main.ts', '--role', 'api'], common, /Dispatch is running/);
  const dispatcher = startNode(
    ['src/main.ts', '--role', 'dispatcher'],
    common,
    /Dispatcher \(DispatchHub\)/,
  );
  const baseline = startNode(['bench/hub-baseline-server.ts'], {}, /listening (\d+)/);
  try {
    const fleet = await addFleet(bench.physicalUrl);
    await Promise.all([api.started, dispatcher.started]);
    const baselinePort = Number((await baseline.started)[1]);
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const token = await loginToken(apiUrl, bench.name);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    /** Every truck's fixes so far: the next one is that many steps along its line. */
    const steps = new Map<number, number>();
    const stepM = speedMps * fixEverySeconds;
    /**
     * Fixes through the API at the fleet's rate for so many seconds, truck after truck in turn.
     * Answers each accepted fix's key (truckId|recordedAt) with the time just before its POST.
     */
    let next = 0;
    const postFixes = async (forSeconds: number) => {
      const total = Math.round(positionsPerSecond * forSeconds);
      const sentAt = new Map<string, number>();
      const took: number[] = [];
      let sent = 0;
      let failed = 0;
      let lastFailure = '';
      let transitions = 0;
      const started = Date.now();
      const inFlight = new Set<Promise<void>>();
      while (sent < total) {
        const due = Math.min(
          total,
          Math.floor(((Date.now() - started) / 1000) * positionsPerSecond),
        );
        for (; sent < due; sent += 1, next += 1) {
          const route = fleet.routes[next % fleet.routes.length]!;
          const step = steps.get(route.truckId) ?? 0;
          steps.set(route.truckId, step + 1);
          const at = offset(route.start, route.headingDeg, step * stepM);
          const requested = Date.now();
          const recordedAt = new Date(requested).toISOString();
          const body = JSON.stringify({
            positions: [
              {
                latitude: Number(at.latitude.toFixed(6)),
                longitude: Number(at.longitude.toFixed(6)),
                recordedAt,
                speedKph: speedMps * 3.6,
                headingDeg: Number(route.headingDeg.toFixed(1)),
                accuracyM: 5,
              },
            ],
          });
          const key = `${route.truckId}|${recordedAt}`;
          const post = fetch(`${apiUrl}/api/v1/trucks/${route.truckId}/positions`, {
            method: 'POST',
            headers,
            body,
          })
            .then(async (response) => {
              const text = await response.text();
              took.push(Date.now() - requested);
              const answer = response.ok ? (JSON.parse(text) as TruckPositionsAnswer) : undefined;
              if (answer?.accepted === 1) {
                sentAt.set(key, requested);
                transitions += answer.transitions.length;
              } else {
                failed += 1;
                lastFailure = `${response.status} ${text}`.slice(0, 200);
              }
            })
            .catch((error: unknown) => {
              failed += 1;
              lastFailure = String(error).slice(0, 200);
            })
            .finally(() => inFlight.delete(post));
          inFlight.add(post);
        }
        await sleep(2);
      }
      await Promise.all(inFlight);
      const elapsedSeconds = (Date.now() - started) / 1000;
      took.sort((a, b) => a - b);
      return { sentAt, failed, lastFailure, transitions, took, elapsedSeconds };
    };

    // --- The positions service: fixes through the API, fences, NOTIFY, the hub, 200 boards.
    const clients = startClients();
    const connected = await clients.connect({
      url: `ws://127.0.0.1:${hubPort}/dispatchHub?access_token=${encodeURIComponent(token)}`,
      count: clientCount,
      hub: true,
      login: { username: 'dispatcher', token, database: bench.name },
    });
    const warm = await postFixes(warmUpSeconds);
    if (warm.sentAt.size === 0) throw new Error(`No fix was accepted: ${warm.lastFailure}`);
    await sleep(graceMs);
    await clients.reset();
    const pids = { api: api.child.pid, dispatcher: dispatcher.child.pid };
    const cpuBefore = { api: processCpuMs(pids.api), dispatcher: processCpuMs(pids.dispatcher) };
    const postgresBefore = postgresCpuMs();
    const run = await postFixes(seconds);
    await sleep(graceMs);
    const cpuAfter = { api: processCpuMs(pids.api), dispatcher: processCpuMs(pids.dispatcher) };
    const postgresUsed = postgresCpuBetween(postgresBefore, postgresCpuMs());
    const report = await clients.report();
    await clients.close();

    const heard = new Map<string, { count: number; firstAt: number; lastAt: number }>();
    report.keys.forEach((key, index) =>
      heard.set(key, {
        count: report.counts[index]!,
        firstAt: report.firstAts[index]!,
        lastAt: report.lastAts[index]!,
      }),
    );
    const latencies: number[] = [];
    // To the first client too: what the fan-out to the other 199 adds is the difference.
    const firstLatencies: number[] = [];
    let lost = 0;
    for (const [key, requested] of run.sentAt) {
      const entry = heard.get(key);
      if (entry && entry.count >= connected.count) {
        latencies.push(entry.lastAt - requested);
        firstLatencies.push(entry.firstAt - requested);
      } else {
        lost += 1;
      }
    }
    latencies.sort((a, b) => a - b);
    firstLatencies.sort((a, b) => a - b);
    const posted = run.sentAt.size;
    const apiCpu = (cpuAfter.api - cpuBefore.api) / posted;
    const dispatcherCpu = (cpuAfter.dispatcher - cpuBefore.dispatcher) / posted;

    // --- The baseline: the same payload, same rate, same number of clients, bare ws.
    if (!report.sample) throw new Error('No truckPositionUpdate_v1 reached the board clients.');
    const template = report.sample;
    const baseClients = startClients();
    const baseConnected = await baseClients.connect({
      url: `ws://127.0.0.1:${baselinePort}/`,
      count: clientCount,
      hub: false,
    });
    const broadcast = (forSeconds: number) =>
      broadcastBaseline(baselinePort, { rate: positionsPerSecond, seconds: forSeconds, template });
    await broadcast(warmUpSeconds);
    await sleep(graceMs);
    await baseClients.reset();
    const baseCpuBefore = processCpuMs(baseline.child.pid);
    const baseSent = await broadcast(seconds);
    await sleep(graceMs);
    const baseCpu = (processCpuMs(baseline.child.pid) - baseCpuBefore) / baseSent;
    const baseReport = await baseClients.report();
    await baseClients.close();
    const baseLatencies: number[] = [];
    baseReport.keys.forEach((_key, index) => {
      if (baseReport.counts[index]! >= baseConnected.count) {
        baseLatencies.push(baseReport.lastAts[index]! - baseReport.stamps[index]!);
      }
    });
    baseLatencies.sort((a, b) => a - b);
    const baseLost = Math.max(0, baseSent - baseLatencies.length);

    const p99 = percentile(latencies, 99);
    const pass = p99 < targetP99Ms && lost === 0 && run.failed === 0 && latencies.length > 0;
    const ms = (value: number) => value.toFixed(0);
    const row = (label: string, sorted: number[], lostCount: number, cpu: string) =>
      `  ${label.padEnd(40)} p50 ${ms(percentile(sorted, 50)).padStart(4)} ms   p99 ${ms(percentile(sorted, 99)).padStart(5)} ms   max ${ms(sorted.at(-1) ?? Number.NaN).padStart(5)} ms   lost ${lostCount}   ${cpu}`;
    process.stdout.write(
      [
        '',
        `truckPositionUpdate_v1 to ${connected.count} hub clients: ${truckCount} trucks each posting a fix every ${fixEverySeconds} s (${positionsPerSecond} positions/s) for ${seconds} s through POST /api/v1/trucks/{id}/positions, fences judged (${fleet.onLoad} To job on ${fleet.tickets} located tickets, ${truckCount - fleet.onLoad} To plant, ${fleet.plants} fenced concrete plants); PostgreSQL; API and dispatcher as separate processes`,
        `  posts: ${posted} accepted, ${run.failed} failed${run.lastFailure ? ` (${run.lastFailure})` : ''}, ${run.transitions} fence transitions, in ${run.elapsedSeconds.toFixed(1)} s (${(posted / run.elapsedSeconds).toFixed(0)}/s); API answer p50 ${ms(percentile(run.took, 50))} ms, p99 ${ms(percentile(run.took, 99))} ms; post to the first client p50 ${ms(percentile(firstLatencies, 50))} ms, p99 ${ms(percentile(firstLatencies, 99))} ms`,
        row(
          'positions (API, fences, NOTIFY, hub)',
          latencies,
          lost,
          `CPU ${(apiCpu + dispatcherCpu).toFixed(2)} ms/position (API ${apiCpu.toFixed(2)}, dispatcher ${dispatcherCpu.toFixed(2)})`,
        ),
        row(
          'baseline (bare ws broadcast, same rate)',
          baseLatencies,
          baseLost,
          `CPU ${baseCpu.toFixed(2)} ms/message`,
        ),
        `  PostgreSQL (every postgres process on this machine) ${(postgresUsed / posted).toFixed(2)} ms CPU/position`,
        `  p99 post to last client ${ms(p99)} ms (target < ${targetP99Ms} ms)   lost ${lost} (target 0)   ${pass ? 'PASS' : 'BELOW TARGET'}`,
        '',
      ].join('\n'),
    );
  } finally {
    await Promise.all([stopChild(api.child), stopChild(dispatcher.child)]);
    await stopChild(baseline.child);
    await bench.drop();
  }
}

await main();
