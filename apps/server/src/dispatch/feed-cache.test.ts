import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChangeFeed, type ChangeFeed } from './change-feed';
import { publish } from './publish';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-tenancy';
import { createFeedCache } from './feed-cache';

const waitFor = async (check: () => Promise<boolean>, timeoutMs = 3000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(databaseKinds)('answers cached until a write commits, on %s', (kind) => {
  let t: TestApp;
  let feed: ChangeFeed;
  let clock = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    feed = createChangeFeed(t.tenancy);
  });
  afterAll(async () => {
    await feed.close();
    await t.close();
  });

  it('answers from memory until a write commits in that database, then reads again', async () => {
    const cache = createFeedCache(feed, { maxAgeMs: 5_000, now: () => clock });
    let loads = 0;
    const read = () => cache.read(t.database, 'today', () => Promise.resolve(++loads));
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);

    await t.db.transaction((tx) => publish(tx, { name: 'orderUpdate_v1', data: { ids: [1] } }));
    await waitFor(async () => (await read()) === 2);
    expect(await read()).toBe(2);
  });

  it('runs one load for readers that miss together', async () => {
    const cache = createFeedCache(feed, { maxAgeMs: 5_000, now: () => clock });
    await cache.read(t.database, 'warm', () => Promise.resolve(0));
    let loads = 0;
    let release = () => {};
    const slow = () =>
      new Promise<number>((resolve) => {
        loads += 1;
        release = () => resolve(loads);
      });
    const readers = Array.from({ length: 5 }, () => cache.read(t.database, 'board', slow));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    expect(await Promise.all(readers)).toEqual([1, 1, 1, 1, 1]);
    expect(loads).toBe(1);
  });

  it('does not keep an answer that a write overtook while it was being read', async () => {
    const cache = createFeedCache(feed, { maxAgeMs: 5_000, now: () => clock });
    await cache.read(t.database, 'warm', () => Promise.resolve(0));
    let loads = 0;
    const slowRead = () =>
      cache.read(t.database, 'k', async () => {
        loads += 1;
        if (loads === 1) {
          await t.db.transaction((tx) =>
            publish(tx, { name: 'truckUpdate_v1', data: { ids: [1] } }),
          );
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        return loads;
      });
    expect(await slowRead()).toBe(1);
    expect(await slowRead()).toBe(2);
  });

  it('keeps what the caller allows, and only drops on the events it is told to', async () => {
    const cache = createFeedCache(feed, {
      maxAgeMs: 60_000,
      invalidatedBy: (event) => event.name === 'logoutEvent_v1',
    });
    let loads = 0;
    const read = () =>
      cache.read(t.database, 's', () => Promise.resolve(++loads), { keep: (n) => n > 1 });
    expect(await read()).toBe(1);
    expect(await read()).toBe(2);
    expect(await read()).toBe(2);
    await t.db.transaction((tx) => publish(tx, { name: 'truckUpdate_v1', data: { ids: [1] } }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await read()).toBe(2);
    await t.db.transaction((tx) => publish(tx, { name: 'logoutEvent_v1', data: { ids: [1] } }));
    await waitFor(async () => (await read()) === 3);
  });

  it('drops answers on a local write and after the safety age', async () => {
    const cache = createFeedCache(feed, { maxAgeMs: 5_000, now: () => clock });
    let loads = 0;
    const read = () => cache.read(t.database, 'k', () => Promise.resolve(++loads));
    await read();
    cache.invalidate(t.database.toLowerCase());
    expect(await read()).toBe(2);
    clock += 5_001;
    expect(await read()).toBe(3);
    expect(await read()).toBe(3);
  });
});
