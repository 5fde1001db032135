/**
 * R-SCALEOUT-1, R-SCALEOUT-2: record locks and scale readers shared by two dispatcher instances
 * through the database, and what a crashed instance leaves behind: its leases run out and the
 * other instance takes over. Short leases stand in for the 30 s (locks) and 6 s (scales) defaults.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScaleReading } from '@dispatch/domain/dispatch/dispatch-events';
import type { Db } from '../db/client';
import { createTestTenancy, databaseKinds, uniqueDatabaseName } from '../../test/test-tenancy';
import type { Tenancy } from '../db/tenancy';
import { createRecordLocks, type RecordLocks } from './record-locks';
import { createSimulatedScaleSource } from './scales';
import { createSharedScales, type SharedScales } from './shared-scales';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 4000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe.each(databaseKinds)('dispatch state shared through %s', (kind) => {
  let tenancy: Tenancy;
  let cleanup: () => Promise<void>;
  let database: string;
  let db: Db;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    ({ tenancy, cleanup } = createTestTenancy(kind));
    database = uniqueDatabaseName('SHARE');
    await tenancy.create(database);
    ({ db } = await tenancy.open(database));
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await cleanup();
  });

  const locksOf = (instanceId: string, live: string[]): RecordLocks => {
    const locks = createRecordLocks({
      tenancy,
      instanceId,
      liveConnectionIds: () => live,
      leaseMs: 600,
      renewEveryMs: 100,
    });
    closers.push(() => locks.close());
    return locks;
  };

  it('keeps a live holder’s lock past its lease, and frees a crashed dispatcher’s when it runs out', async () => {
    const first = locksOf('first', ['a1']);
    const second = locksOf('second', ['b1']);
    expect(
      await first.lock(database, 'Trucks', 9, { connectionId: 'a1', username: 'ann' }),
    ).toEqual({
      locked: true,
      heldBy: 'ann',
    });
    // Renewed while its holder stays connected: still held after twice the lease.
    await sleep(1200);
    expect(
      await second.lock(database, 'trucks', 9, { connectionId: 'b1', username: 'bob' }),
    ).toEqual({
      locked: false,
      heldBy: 'ann',
    });

    // The first dispatcher dies (no release, no more renewals): its lock runs out.
    await first.close({ release: false });
    await until(
      'the lock to expire',
      async () =>
        (await second.lock(database, 'trucks', 9, { connectionId: 'b1', username: 'bob' })).locked,
    );
    const { rows } = await db.execute<{ holder_username: string; dispatcher_instance_id: string }>(
      sql`select holder_username, dispatcher_instance_id from record_locks
          where table_name = 'trucks' and record_id = 9`,
    );
    expect(rows).toEqual([{ holder_username: 'bob', dispatcher_instance_id: 'second' }]);
  });

  it('gives a record to exactly one of many connections asking at once through two dispatchers', async () => {
    const dispatchers = [locksOf('east', ['e0', 'e2', 'e4']), locksOf('west', ['e1', 'e3', 'e5'])];
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((n) =>
        dispatchers[n % 2]!.lock(database, 'orders', 77, {
          connectionId: `e${n}`,
          username: `user${n}`,
        }),
      ),
    );
    const winners = answers.filter((answer) => answer.locked);
    expect(winners).toHaveLength(1);
    // Everyone else is told who won.
    for (const answer of answers) expect(answer.heldBy).toBe(winners[0]!.heldBy);
  });

  it('renews only the locks of connections still served, and lets go of all of them on close', async () => {
    const live = ['c1'];
    const locks = createRecordLocks({
      tenancy,
      instanceId: 'third',
      liveConnectionIds: () => live,
      leaseMs: 600,
      renewEveryMs: 100,
    });
    const other = locksOf('fourth', ['d1']);
    await locks.lock(database, 'orders', 1, { connectionId: 'c1', username: 'cat' });
    // A connection this dispatcher no longer serves (its release was lost) keeps nothing for long.
    await locks.lock(database, 'orders', 2, { connectionId: 'c2', username: 'cy' });
    await until(
      'the lost connection’s lock to expire',
      async () =>
        (await other.lock(database, 'orders', 2, { connectionId: 'd1', username: 'dee' })).locked,
    );
    expect(
      await other.lock(database, 'orders', 1, { connectionId: 'd1', username: 'dee' }),
    ).toEqual({
      locked: false,
      heldBy: 'cat',
    });
    await locks.close();
    expect(
      await other.lock(database, 'orders', 1, { connectionId: 'd1', username: 'dee' }),
    ).toEqual({
      locked: true,
      heldBy: 'dee',
    });
  });

  it('reads a scale once for two instances, and the other takes over from a crashed reader', async () => {
    const heard: Record<string, ScaleReading[]> = { one: [], two: [] };
    const scalesOf = (instanceId: 'one' | 'two'): SharedScales => {
      const scales = createSharedScales({
        tenancy,
        instanceId,
        source: createSimulatedScaleSource({ intervalMs: 50 }),
        deliver: (_database, _scaleId, reading) => heard[instanceId]!.push(reading),
        leaseMs: 600,
        renewEveryMs: 100,
      });
      closers.push(() => scales.close());
      return scales;
    };
    const readerOf = async () =>
      (
        await db.execute<{ dispatcher_instance_id: string }>(
          sql`select dispatcher_instance_id from scale_readers where scale_id = 31`,
        )
      ).rows.map((row) => row.dispatcher_instance_id);
    const one = scalesOf('one');
    const two = scalesOf('two');
    await one.subscribe(database, 31, 'x1');
    await two.subscribe(database, 31, 'y1');
    expect(await readerOf()).toEqual(['one']);
    await until('readings on both', () => heard.one!.length >= 5 && heard.two!.length >= 5);
    // One reader: both instances hear the same readings, at the scale's pace.
    const times = (list: ScaleReading[]) => list.map((reading) => reading.readAt);
    const both = times(heard.two!).filter((at) => times(heard.one!).includes(at));
    expect(both.length).toBeGreaterThanOrEqual(4);
    expect(new Set(times(heard.two!)).size).toBe(heard.two!.length);

    // The reader crashes: no hand-over, only the lease running out.
    await one.close({ release: false });
    await until('the other instance to read', async () => (await readerOf())[0] === 'two');
    heard.two!.splice(0);
    await until('readings again', () => heard.two!.length >= 2);

    // The last subscriber leaves: nobody reads the scale.
    await two.unsubscribe(database, 31, 'y1');
    expect(await readerOf()).toEqual([]);
  });
});
