/**
 * R-BOARD-6..9: a truck status change on each engine: the plant's status averages go out with the
 * truck's update, and a stamp that drifts from its load's projection beyond the threshold moves
 * the load and its schedule's later scheduled loads, each announced, in the same transaction.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { plants } from '../../db/schema/plants';
import { loads } from '../../db/schema/tickets';
import { listenToDispatch, settle, type DispatchListener } from '../../../test/dispatch-listener';
import { addUsers } from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import {
  addOrder,
  addTruck,
  buildDispatchWorld,
  type DispatchWorld,
} from '../../../test/dispatch-fixtures';

const at = (time: string) => new Date(`2026-03-10T${time}:00Z`);
const all = [1001, 1002, 1003];

describe.each(databaseKinds)('board effects of a truck status change on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'dispatcher');
  const setStatus = (truckId: number, statusId: number) =>
    call('PUT', `/api/v1/trucks/${truckId}/status`, 'dispatcher', { statusId });
  const onJobTimes = async (scheduleId: number) =>
    (
      await t.db
        .select({ onJobTime: loads.onJobTime })
        .from(loads)
        .where(eq(loads.scheduleId, scheduleId))
        .orderBy(asc(loads.loadNumber))
    ).map((load) => load.onJobTime?.toISOString().slice(11, 16));

  beforeAll(async () => {
    t = await createTestApp(kind);
    world = await buildDispatchWorld(t.db);
    // Ticket 33 minutes before the job: 8 batching, 5 washing, 20 on the road.
    await t.db
      .update(plants)
      .set({ batchTime: 8, inYardWashTime: 5 })
      .where(eq(plants.id, world.plants.concrete));
    await addUsers(t, tokens, [['dispatcher', all, { 51001: 5, 50401: 5 }]]);
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events.stop();
    await t.close();
  });
  beforeEach(() => events.clear());

  it('re-projects the schedule when a truck is loaded late, and not again once it runs as re-projected', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [10, 10, 10, 8] });
    for (const [index, time] of ['13:40', '14:10', '14:40', '15:10'].entries()) {
      await t.db
        .update(loads)
        .set({ onJobTime: at(time) })
        .where(eq(loads.id, order.loadIds[index]!));
    }
    const first = await addTruck(t.db, { plantId: world.plants.concrete, number: '61' });
    const second = await addTruck(t.db, { plantId: world.plants.concrete, number: '62' });

    // Sent at 13:25 against a projected ticket time of 13:07: when to send is the dispatcher's
    // choice, not a drift, and nothing moves.
    t.clock.now = at('13:25');
    const sent = await call('POST', `/api/v1/loads/${order.loadIds[0]}/dispatch`, 'dispatcher', {
      truckId: first,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const averages = await events.next('scheduleStatusAverageUpdate_v1');
    expect(averages.data).toEqual({
      plantId: world.plants.concrete,
      averages: [{ statusId: truckStatusIds.loading, minutes: 0, trucks: 1 }],
    });
    // The second load goes out too: a ticketed load is not moved by the first one's drift.
    t.clock.now = at('13:36');
    expect(
      (
        await call('POST', `/api/v1/loads/${order.loadIds[1]}/dispatch`, 'dispatcher', {
          truckId: second,
        })
      ).statusCode,
    ).toBe(200);
    expect(await onJobTimes(order.scheduleId)).toEqual(['13:40', '14:10', '14:40', '15:10']);
    await settle();
    expect(
      events.events.filter((event) => event.name === 'loadScheduleUpdatedNotification_v1'),
    ).toEqual([]);
    events.clear();

    // Loaded at 13:30, projected 13:15: 15 minutes late. The load and the later scheduled ones move.
    t.clock.now = at('13:30');
    const loaded = await setStatus(first, truckStatusIds.loaded);
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(await onJobTimes(order.scheduleId)).toEqual(['13:55', '14:10', '14:55', '15:25']);
    const notice = await events.next('loadScheduleUpdatedNotification_v1');
    expect(notice.data).toEqual({
      scheduleId: order.scheduleId,
      orderId: order.orderId,
      modifiedBy: 'dispatcher',
    });
    await settle();
    const moved = events.events
      .filter((event) => event.name === 'loadUpdate_v1')
      .map((event) => event.data as { id: number; onJobTime: string })
      .sort((a, b) => a.id - b.id);
    expect(moved).toEqual([
      expect.objectContaining({ id: order.loadIds[0], onJobTime: '2026-03-10T13:55:00.000Z' }),
      expect.objectContaining({ id: order.loadIds[2], onJobTime: '2026-03-10T14:55:00.000Z' }),
      expect.objectContaining({ id: order.loadIds[3], onJobTime: '2026-03-10T15:25:00.000Z' }),
    ]);
    // Each event carries the version the move wrote, which a board then dispatches with.
    const written = await t.db
      .select({ id: loads.id, version: loads.version })
      .from(loads)
      .where(eq(loads.scheduleId, order.scheduleId));
    const versions = new Map(written.map((row) => [row.id, row.version]));
    for (const load of moved as { id: number; version?: number }[]) {
      expect(load.version).toBe(versions.get(load.id));
    }
    // Both trucks are out on this plant's loads; the second's loading began at 13:36, after this clock.
    const plantAverages = events.events.find(
      (event) => event.name === 'scheduleStatusAverageUpdate_v1',
    );
    expect(plantAverages?.data).toEqual({
      plantId: world.plants.concrete,
      averages: [
        { statusId: truckStatusIds.loading, minutes: 0, trucks: 1 },
        { statusId: truckStatusIds.loaded, minutes: 0, trucks: 1 },
      ],
    });
    events.clear();

    // On the job at 13:57 against the re-projected 13:55: no second move.
    t.clock.now = at('13:57');
    expect((await setStatus(first, truckStatusIds.onJob)).statusCode).toBe(200);
    await settle();
    expect(await onJobTimes(order.scheduleId)).toEqual(['13:55', '14:10', '14:55', '15:25']);
    expect(events.events.map((event) => event.name)).not.toContain('loadUpdate_v1');
    expect(events.events.map((event) => event.name)).not.toContain(
      'loadScheduleUpdatedNotification_v1',
    );
  });

  it('moves nothing and sends nothing when the change rolls back', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [10, 10] });
    await t.db
      .update(loads)
      .set({ onJobTime: at('16:00') })
      .where(eq(loads.id, order.loadIds[0]!));
    await t.db
      .update(loads)
      .set({ onJobTime: at('16:30') })
      .where(eq(loads.id, order.loadIds[1]!));
    const truck = await addTruck(t.db, { plantId: world.plants.concrete, number: '63' });
    t.clock.now = at('15:27');
    expect(
      (
        await call('POST', `/api/v1/loads/${order.loadIds[0]}/dispatch`, 'dispatcher', {
          truckId: truck,
        })
      ).statusCode,
    ).toBe(200);
    await settle();
    events.clear();
    // A stale version refuses the change: the drift it would have caused (loaded 20 min late) is not applied.
    t.clock.now = at('15:55');
    const refused = await call('PUT', `/api/v1/trucks/${truck}/status`, 'dispatcher', {
      statusId: truckStatusIds.loaded,
      version: 1,
    });
    expect(refused.statusCode).toBe(409);
    await settle();
    expect(events.events).toEqual([]);
    expect(await onJobTimes(order.scheduleId)).toEqual(['16:00', '16:30']);
  });
});
