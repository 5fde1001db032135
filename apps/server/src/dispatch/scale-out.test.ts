/**
 * R-SCALEOUT-1..4 (issue 13, "Done means"): two API processes and two dispatcher processes, each
 * its own operating-system process started as an operator starts them (`--role api`,
 * `--role dispatcher`), on one PostgreSQL server, behave as one: a record locked through one
 * dispatcher is reported locked through the other; a board client on each receives every event
 * exactly once, a dispatch made through either API process included; one process reads a truck
 * scale for the subscribers of both, and the other takes the scale over when it stops.
 * PostgreSQL only by nature; it runs on DATABASE_URL's server, else the local one, in a scratch
 * database of its own.
 */
import type { LockAnswer } from '@dispatch/domain/dispatch/hub-answers';
import { hostname, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStatusIds } from '@dispatch/domain/dispatch/load-status';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { freePort } from '../../test/free-port';
import { connectHub, type HubClient } from '../../test/hub-client';
import { createScratchPostgres, type ScratchPostgres } from '../../test/scratch-postgres';
import { buildServer } from '../../scripts/build-server.mjs';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { dispatchHubPath } from './dispatcher';

type Reading = { scaleId: number; weight: number; readAt: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe('two dispatcher and two API processes on one PostgreSQL', () => {
  let scratch: ScratchPostgres;
  let dataDir: string;
  let demo: pg.Client;
  const processes: ServerProcess[] = [];
  const apis: string[] = [];
  const hubs: string[] = [];
  let dispatchers: ServerProcess[] = [];
  const clients: HubClient[] = [];
  const tokens: Record<string, string> = {};

  const client = async (hub: 0 | 1, who: string) => {
    const connected = await connectHub(hubs[hub]!, tokens[who]!);
    await connected.connection.invoke('Login', who, tokens[who], 43200, 'DEMO');
    clients.push(connected);
    return connected;
  };
  const api = (
    index: 0 | 1,
    method: string,
    url: string,
    body?: object,
    who: 'dispatcher' | 'admin' = 'dispatcher',
  ) =>
    fetch(`${apis[index]}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${tokens[who]}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  beforeAll(async () => {
    await buildServer();
    scratch = await createScratchPostgres('scaleout');
    dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-scaleout-'));
    const common = { DATABASE_URL: scratch.url, DATA_DIR: dataDir, HOST: '127.0.0.1' };
    const ports = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    // The first API process creates and seeds DEMO; the others start on it.
    const first = startServerProcess(['--role', 'api'], { ...common, PORT: String(ports[0]) });
    processes.push(first);
    await first.printed('Dispatch is running');
    const second = startServerProcess(['--role', 'api'], { ...common, PORT: String(ports[1]) });
    dispatchers = [ports[2], ports[3]].map((port) =>
      startServerProcess(['--role', 'dispatcher'], { ...common, DISPATCHER_PORT: String(port) }),
    );
    processes.push(second, ...dispatchers);
    await second.printed('Dispatch is running');
    await Promise.all(dispatchers.map((d) => d.printed('Dispatcher (DispatchHub)')));
    apis.push(`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`);
    hubs.push(...[ports[2], ports[3]].map((port) => `http://127.0.0.1:${port}${dispatchHubPath}`));

    for (const who of ['dispatcher', 'admin']) {
      const login = await fetch(`${apis[0]}/token`, {
        method: 'POST',
        headers: { database: 'DEMO', 'content-type': 'application/x-www-form-urlencoded' },
        body: `client_id=${who}&client_secret=demo&grant_type=client_credentials`,
      });
      tokens[who] = ((await login.json()) as { access_token: string }).access_token;
    }
    demo = new pg.Client({ connectionString: scratch.urlOf('DEMO') });
    await demo.connect();
  }, 300_000);

  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.connection.stop()));
    await Promise.allSettled(processes.map((p) => p.stop()));
    await demo?.end();
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    // DROP DATABASE waits for a checkpoint: 63 s once, with the other suites writing.
  }, 180_000);

  it('reports a record locked through one dispatcher as locked, with its holder, through the other', async () => {
    const ann = await client(0, 'dispatcher');
    const bob = await client(1, 'admin');
    const lock = (who: HubClient, id: number) =>
      who.connection.invoke<LockAnswer>('LockRecord', 'orders', id);

    expect(await lock(ann, 501)).toEqual({ locked: true, heldBy: 'dispatcher' });
    expect(await lock(bob, 501)).toEqual({ locked: false, heldBy: 'dispatcher' });
    // The holder asking again keeps it; the other cannot unlock it.
    expect(await lock(ann, 501)).toEqual({ locked: true, heldBy: 'dispatcher' });
    expect(await bob.connection.invoke('UnlockRecord', 'orders', 501)).toBe(false);

    expect(await ann.connection.invoke('UnlockRecord', 'orders', 501)).toBe(true);
    expect(await lock(bob, 501)).toEqual({ locked: true, heldBy: 'admin' });
    expect(await lock(ann, 501)).toEqual({ locked: false, heldBy: 'admin' });

    // The holder's connection ends: the record is free through the other dispatcher.
    await bob.connection.stop();
    expect(await until('the lock to be released', async () => (await lock(ann, 501)).locked)).toBe(
      true,
    );
  });

  it("ADR 014: a customer renamed through one API process is in the other's cached list at once", async () => {
    const admin = (index: 0 | 1, method: string, url: string, body?: object) =>
      api(index, method, url, body, 'admin');
    type Page = { data: { id: number; name: string; version: number }[] };
    const search = async (index: 0 | 1, term: string) =>
      ((await (await admin(index, 'GET', `/api/v1/customers?search=${term}`)).json()) as Page).data;
    // Both processes answer (and keep) the list before the change.
    const [customer] = await search(1, 'a');
    expect(customer).toBeDefined();
    expect(await search(1, 'Zanzibar')).toEqual([]);
    const detail = await (await admin(0, 'GET', `/api/v1/customers/${customer!.id}`)).json();
    const saved = await admin(0, 'PUT', `/api/v1/customers/${customer!.id}`, {
      ...(detail as object),
      name: 'Zanzibar Aggregates',
    });
    expect(saved.status).toBe(200);
    // The other process heard the commit through its LISTEN and dropped what it kept.
    // Well inside the cache's 5 s safety age: only the notification can make this pass.
    const found = await until(
      'the rename in the other process',
      async () => {
        const rows = await search(1, 'Zanzibar');
        return rows.length > 0 ? rows : undefined;
      },
      2000,
    );
    expect(found!.map((row) => row.name)).toEqual(['Zanzibar Aggregates']);
  });

  it('gives a board client on each dispatcher every event exactly once, a dispatch through either API included', async () => {
    // What the writes publish, heard straight from PostgreSQL: each board must hear exactly this.
    const published: { name: string; data: unknown }[] = [];
    const listener = new pg.Client({ connectionString: scratch.urlOf('DEMO') });
    await listener.connect();
    listener.on('notification', (message) => {
      const event = JSON.parse(message.payload!) as {
        name: string;
        data?: unknown;
        ids?: number[];
        sessionIds?: number[];
      };
      // An event addressed to named sessions (a background job's progress, to its owner; the
      // minute's order notices may run mid-test) is not the boards' to hear.
      if (event.sessionIds) return;
      published.push({ name: event.name, data: event.data ?? { ids: event.ids ?? [] } });
    });
    await listener.query('LISTEN dispatch_events');
    const boards = [await client(0, 'dispatcher'), await client(1, 'dispatcher')];
    const { rows: candidates } = await demo.query<{ load_id: number; truck_id: number }>(
      `select l.id as load_id, t.id as truck_id
         from loads l
         join schedules s on s.id = l.schedule_id
         join trucks t on t.plant_id = s.plant_id
        where l.status_id = $1 and l.ticket_id is null and t.status_id = $2
          and t.current_ticket_id is null and not t.inactive_flag
        order by l.id, t.id
        limit 40`,
      [loadStatusIds.scheduled, truckStatusIds.inYard],
    );
    expect(candidates.length).toBeGreaterThan(0);

    // Truck status changes through both API processes.
    const { rows: movers } = await demo.query<{ id: number }>(
      `select id from trucks where status_id = $1 and current_ticket_id is null
       order by id desc limit 2`,
      [truckStatusIds.inYard],
    );
    const changes = [
      { api: 0, truckId: movers[0]!.id, statusId: truckStatusIds.washing },
      { api: 1, truckId: movers[1]!.id, statusId: truckStatusIds.washing },
      { api: 1, truckId: movers[0]!.id, statusId: truckStatusIds.toPlant },
    ] as const;
    for (const change of changes) {
      const response = await api(change.api, 'PUT', `/api/v1/trucks/${change.truckId}/status`, {
        statusId: change.statusId,
      });
      expect(response.status).toBe(200);
    }

    // A dispatch through the second API process (the first pair that both rules allow).
    let dispatched: { loadId: number; truckId: number; ticketId: number } | undefined;
    for (const candidate of candidates) {
      if (movers.some((m) => m.id === candidate.truck_id)) continue;
      const response = await api(1, 'POST', `/api/v1/loads/${candidate.load_id}/dispatch`, {
        truckId: candidate.truck_id,
      });
      if (response.status !== 200) continue;
      const body = (await response.json()) as { ticket: { id: number } };
      dispatched = {
        loadId: candidate.load_id,
        truckId: candidate.truck_id,
        ticketId: body.ticket.id,
      };
      break;
    }
    expect(dispatched).toBeDefined();
    const { loadId, truckId, ticketId } = dispatched!;

    const isLoad = (data: unknown) => (data as { id: number }).id === loadId;
    const isTruck = (id: number, statusId?: number) => (data: unknown) =>
      (data as { id: number }).id === id &&
      (statusId === undefined || (data as { statusId: number }).statusId === statusId);
    for (const board of boards) {
      await board.next('loadUpdate_v1', isLoad, 5000);
      await board.next('truckUpdate_v1', isTruck(truckId, truckStatusIds.loading), 5000);
      await board.next('ticketUpdate_v1', (d) => (d as { id: number }).id === ticketId, 5000);
    }
    // Whatever else follows (a batch panel answering) is allowed to arrive; then both agree.
    await until(
      'both boards to have heard the same',
      async () => {
        const before = boards.map((b) => b.received.length);
        await sleep(400);
        const after = boards.map((b) => b.received.length);
        return before[0] === after[0] && before[1] === after[1] && after[0] === after[1];
      },
      10_000,
    );
    await listener.end();
    expect(published.length).toBeGreaterThan(changes.length);
    for (const board of boards) {
      // Every committed event, once each, in commit order: none lost, none doubled.
      expect(board.received).toEqual(published);
      for (const change of changes) {
        expect(board.all('truckUpdate_v1', isTruck(change.truckId, change.statusId))).toHaveLength(
          1,
        );
      }
      expect(board.all('truckUpdate_v1', isTruck(truckId, truckStatusIds.loading))).toHaveLength(1);
    }
  });

  it('reads a scale in one dispatcher for the subscribers of both, and hands it and its locks over when that one stops', async () => {
    const { rows } = await demo.query<{ id: number }>(
      'select id from plants where system_type_id = 2 and not inactive_flag order by id limit 1',
    );
    const scaleId = rows[0]!.id;
    const readerOf = async () =>
      (
        await demo.query<{ dispatcher_instance_id: string }>(
          'select dispatcher_instance_id from scale_readers where scale_id = $1',
          [scaleId],
        )
      ).rows.map((row) => row.dispatcher_instance_id);
    const [first, second] = [await client(0, 'dispatcher'), await client(1, 'dispatcher')];
    expect(await first.connection.invoke('SubscribeToScale', scaleId)).toBe(true);
    expect(await second.connection.invoke('SubscribeToScale', scaleId)).toBe(true);
    const instanceOf = (process: ServerProcess) => `${hostname()}:${process.pid}:`;
    const readers = await readerOf();
    expect(readers).toHaveLength(1);
    expect(readers[0]!.startsWith(instanceOf(dispatchers[0]!))).toBe(true);

    // Both hear the one reader: the same readings, each once, at no more than the pace of the
    // demo's indicator (a frame per 100 ms; R-SCALE-1).
    const since = Date.now();
    await until('readings on both', () =>
      [first, second].every((c) => c.all('updateScale_v1').length >= 4),
    );
    await sleep(200);
    const readAts = (c: HubClient) => c.all('updateScale_v1').map((r) => (r as Reading).readAt);
    const shared = readAts(second).filter((at) => readAts(first).includes(at));
    expect(shared.length).toBeGreaterThanOrEqual(3);
    expect(new Set(readAts(second)).size).toBe(readAts(second).length);
    expect(readAts(second).length).toBeLessThanOrEqual(Math.ceil((Date.now() - since) / 100) + 2);

    // A record held through the first dispatcher...
    const order = (who: HubClient) =>
      who.connection.invoke<LockAnswer>('LockRecord', 'orders', 902);
    expect(await order(first)).toEqual({ locked: true, heldBy: 'dispatcher' });
    expect(await order(second)).toEqual({ locked: false, heldBy: 'dispatcher' });

    // The reader stops: the other dispatcher takes the scale over and its subscriber keeps hearing.
    await dispatchers[0]!.stop();
    // ...is free at once (a stop lets go; only a crash waits for the lease).
    expect(await order(second)).toEqual({ locked: true, heldBy: 'dispatcher' });
    second.received.splice(0);
    const reading = (await second.next('updateScale_v1', undefined, 8000)) as Reading;
    expect(reading.scaleId).toBe(scaleId);
    const taken = await readerOf();
    expect(taken).toHaveLength(1);
    expect(taken[0]!.startsWith(instanceOf(dispatchers[1]!))).toBe(true);
  });
});
