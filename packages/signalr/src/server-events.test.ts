import type { HubConnection as ClientConnection } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBackplane } from './memory-backplane';
import { nextCall, startClient } from './test-support/official-client';
import { startTestHub } from './test-support/test-hub';
import type { TestHub, TestUser } from './test-support/test-hub';
import type { Backplane, HubConnection, HubOptions } from './types';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

/** Hub methods a client uses to manage its own groups, as the dispatcher's SubscribeTo* methods do. */
function groupMethods(getHub: () => TestHub): HubOptions<TestUser>['methods'] {
  return {
    Join: (connection: HubConnection<TestUser>, group) => {
      getHub().hub.groups.add(connection.id, String(group));
    },
    Leave: (connection: HubConnection<TestUser>, group) => {
      getHub().hub.groups.remove(connection.id, String(group));
    },
    Poke: (connection: HubConnection<TestUser>, value) => {
      connection.send('poked', value);
    },
  };
}

async function hubWith(options: Parameters<typeof startTestHub>[0] = {}): Promise<TestHub> {
  // The methods need the hub they belong to, which exists only once started.
  const testHub: TestHub = await startTestHub({
    methods: groupMethods(() => testHub),
    ...options,
  });
  cleanups.push(() => testHub.close());
  return testHub;
}

async function client(url: string): Promise<ClientConnection> {
  const connection = await startClient(url);
  cleanups.push(() => connection.stop());
  return connection;
}

/** Collects every call to `target`, to check that what should not arrive did not. */
function collect(connection: ClientConnection, target: string): unknown[][] {
  const calls: unknown[][] = [];
  connection.on(target, (...args: unknown[]) => calls.push(args));
  return calls;
}

describe('server to client sends', () => {
  it('sends to all connections, with several arguments', async () => {
    const { url, hub } = await hubWith();
    const first = await client(url);
    const second = await client(url);
    const received = [nextCall(first, 'truckUpdate_v1'), nextCall(second, 'truckUpdate_v1')];

    hub.clients.all.send('truckUpdate_v1', { truckId: 7 }, 'moved');

    await expect(Promise.all(received)).resolves.toEqual([
      [{ truckId: 7 }, 'moved'],
      [{ truckId: 7 }, 'moved'],
    ]);
  });

  it('sends to a group only its members, and not after they leave', async () => {
    const { url, hub } = await hubWith();
    const member = await client(url);
    const outsider = await client(url);
    const outsiderCalls = collect(outsider, 'orderUpdate_v1');
    const memberCalls = collect(member, 'orderUpdate_v1');
    await member.invoke('Join', 'plant-1');

    const delivered = nextCall(member, 'orderUpdate_v1');
    hub.clients.group('plant-1').send('orderUpdate_v1', 1);
    await expect(delivered).resolves.toEqual([1]);

    await member.invoke('Leave', 'plant-1');
    hub.clients.group('plant-1').send('orderUpdate_v1', 2);
    // A later send to everyone arrives after anything sent before it.
    const marker = Promise.all([nextCall(member, 'marker'), nextCall(outsider, 'marker')]);
    hub.clients.all.send('marker');
    await marker;

    expect(memberCalls).toEqual([[1]]);
    expect(outsiderCalls).toEqual([]);
  });

  it('sends to one connection by id, and through the connection itself', async () => {
    const { url, hub } = await hubWith();
    const target = await client(url);
    const other = await client(url);
    const otherCalls = collect(other, 'direct');

    const direct = nextCall(target, 'direct');
    hub.clients.connection(target.connectionId!).send('direct', 'for you');
    await expect(direct).resolves.toEqual(['for you']);

    const poked = nextCall(target, 'poked');
    await target.invoke('Poke', 42);
    await expect(poked).resolves.toEqual([42]);
    hub.clients.connection('no-such-connection').send('direct', 'lost');

    const marker = nextCall(other, 'marker');
    hub.clients.all.send('marker');
    await marker;
    expect(otherCalls).toEqual([]);
  });

  it('delivers a group send once through each of two hubs sharing one backplane', async () => {
    const backplane = createMemoryBackplane();
    const hubA = await hubWith({ backplane });
    const hubB = await hubWith({ backplane });
    const onA = await client(hubA.url);
    const onB = await client(hubB.url);
    const callsA = collect(onA, 'scaleReading_v1');
    const callsB = collect(onB, 'scaleReading_v1');
    await onA.invoke('Join', 'scale-3');
    await onB.invoke('Join', 'scale-3');

    const both = Promise.all([nextCall(onA, 'scaleReading_v1'), nextCall(onB, 'scaleReading_v1')]);
    hubA.hub.clients.group('scale-3').send('scaleReading_v1', 12.5);
    await expect(both).resolves.toEqual([[12.5], [12.5]]);

    // A connection on the other process is reached by id too.
    const direct = nextCall(onB, 'direct');
    hubA.hub.clients.connection(onB.connectionId!).send('direct', 'across');
    await expect(direct).resolves.toEqual(['across']);

    const marker = Promise.all([nextCall(onA, 'marker'), nextCall(onB, 'marker')]);
    hubB.hub.clients.all.send('marker');
    await marker;
    expect(callsA).toEqual([[12.5]]);
    expect(callsB).toEqual([[12.5]]);
  });

  it('delivers only what comes back from the backplane, and logs a failed publish', async () => {
    const published: unknown[] = [];
    const handlers = new Set<Parameters<Backplane['subscribe']>[0]>();
    let failNext = false;
    const backplane: Backplane = {
      publish(message) {
        published.push(message);
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('NOTIFY failed'));
        }
        return Promise.resolve().then(() => handlers.forEach((handler) => handler(message)));
      },
      subscribe(handler) {
        handlers.add(handler);
        return () => handlers.delete(handler);
      },
    };
    const { url, hub, logs } = await hubWith({ backplane });
    const connection = await client(url);
    const lostCalls = collect(connection, 'lost');

    failNext = true;
    hub.clients.all.send('lost', 1);
    const delivered = nextCall(connection, 'kept');
    hub.clients.all.send('kept', 2);
    await expect(delivered).resolves.toEqual([2]);

    // Local delivery waits for the backplane, so each process delivers once.
    expect(lostCalls).toEqual([]);
    expect(published).toEqual([
      { scope: 'all', target: 'lost', args: [1] },
      { scope: 'all', target: 'kept', args: [2] },
    ]);
    expect(logs.entries).toContainEqual(
      expect.objectContaining({ level: 'error', msg: 'signalr backplane publish failed' }),
    );
    await hub.close();
    expect(handlers.size).toBe(0);
  });

  it('logs, rather than throws, a send whose arguments cannot be serialised', async () => {
    const { url, hub, logs } = await hubWith();
    const connection = await client(url);
    const circular: Record<string, unknown> = {};
    circular.self = circular;

    hub.clients.all.send('bad', circular);
    const delivered = nextCall(connection, 'good');
    hub.clients.all.send('good');
    await delivered;

    expect(logs.entries).toContainEqual(
      expect.objectContaining({ level: 'error', msg: 'signalr send is not serialisable' }),
    );
  });
});
