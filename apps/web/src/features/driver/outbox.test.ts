import { describe, expect, it } from 'vitest';
import {
  flushOutbox,
  memoryOutboxStore,
  retryDelayMs,
  type FlushHooks,
  type NewOutboxItem,
  type OutboxItem,
  type SendResult,
} from './outbox';

const owner = 'DEMO/driver';

const status = (statusId: number, version: number): NewOutboxItem => ({
  owner,
  kind: 'status',
  method: 'PUT',
  path: '/api/v1/driver/status',
  body: { statusId, version },
  createdAt: '2026-05-01T10:00:00.000Z',
  label: String(statusId),
});

const positions = (count: number, from = 0): NewOutboxItem => ({
  owner,
  kind: 'positions',
  method: 'POST',
  path: '/api/v1/trucks/7/positions',
  body: {
    positions: Array.from({ length: count }, (_, index) => ({
      latitude: 40,
      longitude: -83,
      recordedAt: new Date(Date.UTC(2026, 4, 1, 10, 0, from + index)).toISOString(),
    })),
  },
  createdAt: '2026-05-01T10:00:00.000Z',
  label: String(count),
});

const delivery = (ticketId: number, version: number): NewOutboxItem => ({
  owner,
  kind: 'delivery',
  method: 'POST',
  path: `/api/v1/tickets/${ticketId}/delivery`,
  body: { receiverName: 'Pat', version },
  createdAt: '2026-05-01T10:00:00.000Z',
  label: '1001',
  ticketId,
});

type Sent = { path: string; body: unknown };

/** A server that answers each request with the next answer of `script` (default: 200). */
function server(script: (((sent: Sent) => SendResult | undefined) | undefined)[] = []) {
  const sent: Sent[] = [];
  let version = 10;
  const send = (item: OutboxItem, body: unknown): Promise<SendResult> => {
    const request = { path: item.path, body };
    sent.push(request);
    const scripted = script.shift()?.(request);
    if (scripted) return Promise.resolve(scripted);
    version += 1;
    return Promise.resolve({ ok: true, answer: { version } });
  };
  return { sent, send };
}

const hooks = (refreshed: Awaited<ReturnType<FlushHooks['refresh']>> = null): FlushHooks => ({
  refresh: () => Promise.resolve(refreshed),
  versionOf: (answer) => (answer as { version: number }).version,
});

describe('the driver outbox', () => {
  it('holds what is added and sends it in order, chaining the truck version', async () => {
    const store = memoryOutboxStore();
    await store.add(status(4, 10));
    await store.add(positions(3));
    await store.add(status(5, 10));
    expect((await store.list()).map((item) => item.label)).toEqual(['4', '3', '5']);

    const { sent, send } = server();
    const outcome = await flushOutbox(store, owner, send, hooks());
    expect(outcome).toEqual({ kind: 'done', sent: 3 });
    expect(sent.map((each) => each.path)).toEqual([
      '/api/v1/driver/status',
      '/api/v1/trucks/7/positions',
      '/api/v1/driver/status',
    ]);
    // The second tap follows the first one's answer (version 11), not the screen's 10.
    expect(sent[2]!.body).toEqual({ statusId: 5, version: 11 });
    expect(await store.list()).toEqual([]);
  });

  it('keeps everything with no network, and sends it all when the network is back', async () => {
    const store = memoryOutboxStore();
    await store.add(status(4, 10));
    await store.add(positions(2));
    await store.add(status(5, 10));
    await store.add(delivery(99, 3));

    const offline = server([() => ({ ok: false, status: 0, message: 'offline' })]);
    expect(await flushOutbox(store, owner, offline.send, hooks())).toEqual({
      kind: 'offline',
      sent: 0,
    });
    expect(await store.list()).toHaveLength(4);

    // The first goes, then the network drops again: the rest waits, already following it.
    const flaky = server([undefined, () => ({ ok: false, status: 503, message: 'down' })]);
    expect(await flushOutbox(store, owner, flaky.send, hooks())).toEqual({
      kind: 'offline',
      sent: 1,
    });
    const left = await store.list();
    expect(left.map((item) => item.kind)).toEqual(['positions', 'status', 'delivery']);
    expect(left[1]!.body).toEqual({ statusId: 5, version: 11 });

    const back = server();
    expect(await flushOutbox(store, owner, back.send, hooks())).toEqual({ kind: 'done', sent: 3 });
    expect(back.sent.map((each) => each.path)).toEqual([
      '/api/v1/trucks/7/positions',
      '/api/v1/driver/status',
      '/api/v1/tickets/99/delivery',
    ]);
    expect(back.sent[1]!.body).toEqual({ statusId: 5, version: 11 });
  });

  it('sends consecutive position batches of a truck as one request', async () => {
    const store = memoryOutboxStore();
    await store.add(positions(2, 0));
    await store.add(positions(3, 2));
    await store.add(status(4, 1));
    await store.add(positions(1, 9));
    const { sent, send } = server();
    await flushOutbox(store, owner, send, hooks());
    expect(sent.map((each) => (each.body as { positions?: unknown[] }).positions?.length)).toEqual([
      5,
      undefined,
      1,
    ]);
  });

  it('drops a status change someone else made stale, reads the day again and goes on', async () => {
    const store = memoryOutboxStore();
    await store.add(status(4, 10));
    await store.add(status(5, 10));
    const conflicts: string[] = [];
    const { sent, send } = server([() => ({ ok: false, status: 409, message: 'stale' })]);
    const outcome = await flushOutbox(store, owner, send, {
      ...hooks({ truckVersion: 20, tickets: new Map() }),
      onStatusConflict: (item) => conflicts.push(item.label),
    });
    expect(outcome).toEqual({ kind: 'done', sent: 1 });
    expect(conflicts).toEqual(['4']);
    expect(sent[1]!.body).toEqual({ statusId: 5, version: 20 });
    expect(await store.list()).toEqual([]);
  });

  it('keeps a refused item as failed with its message, and does not send it again', async () => {
    const store = memoryOutboxStore();
    await store.add(delivery(99, 3));
    await store.add(status(6, 10));
    const refused = server([
      () => ({
        ok: false,
        status: 400,
        message: 'receiverName is required',
        fieldProblems: { receiverName: 'is required' },
      }),
    ]);
    expect(await flushOutbox(store, owner, refused.send, hooks())).toEqual({
      kind: 'done',
      sent: 1,
    });
    const [failed] = await store.list();
    expect(failed).toMatchObject({
      kind: 'delivery',
      state: 'failed',
      message: 'receiverName is required',
      fieldProblems: { receiverName: 'is required' },
    });
    const again = server();
    await flushOutbox(store, owner, again.send, hooks());
    expect(again.sent).toEqual([]);
  });

  it('sends a signed ticket again at the ticket’s new version when it is still unsigned', async () => {
    const store = memoryOutboxStore();
    await store.add(delivery(99, 3));
    const { sent, send } = server([() => ({ ok: false, status: 409, message: 'stale' })]);
    const outcome = await flushOutbox(
      store,
      owner,
      send,
      hooks({ truckVersion: 1, tickets: new Map([[99, { version: 5, signed: false }]]) }),
    );
    expect(outcome).toEqual({ kind: 'done', sent: 1 });
    expect(sent.map((each) => (each.body as { version: number }).version)).toEqual([3, 5]);
  });

  it('stops at 401 and leaves the items for the next sign-in; sends only its owner’s', async () => {
    const store = memoryOutboxStore();
    await store.add({ ...status(4, 1), owner: 'DEMO/other' });
    await store.add(status(4, 1));
    const { sent, send } = server([() => ({ ok: false, status: 401, message: 'expired' })]);
    expect(await flushOutbox(store, owner, send, hooks())).toEqual({ kind: 'signedOut', sent: 0 });
    expect(sent).toHaveLength(1);
    expect(await store.list()).toHaveLength(2);
  });

  it('backs off from 2 s to a minute', () => {
    expect([1, 2, 3, 6, 7, 20].map(retryDelayMs)).toEqual([
      2_000, 4_000, 8_000, 60_000, 60_000, 60_000,
    ]);
  });
});
