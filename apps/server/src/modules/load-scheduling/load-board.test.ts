/**
 * R-BOARD-1..14: GET /api/v1/load-board and PUT /api/v1/plants/{id}/yard-sequence on each engine:
 * who may call them, the fields a bad question names, the answer as the contract parses it, which
 * loads a window holds and how each is projected, the yard reorder heard over a real hub
 * connection, and the 409 of a yard that changed meanwhile.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBoardSchema, type LoadBoard } from '@dispatch/domain/dispatch/load-board';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { plants } from '../../db/schema/plants';
import { loads } from '../../db/schema/tickets';
import { trucks } from '../../db/schema/trucks';
import { createSimulatedScaleSource } from '../../dispatch/scales';
import { addUsers, type ErrorAnswer } from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import type { HubClient } from '../../../test/hub-client';
import { startTestHub, type TestHub } from '../../../test/test-hub';
import { databaseKinds } from '../../../test/test-tenancy';
import {
  addOrder,
  addTruck,
  buildDispatchWorld,
  type DispatchWorld,
} from '../../../test/dispatch-fixtures';

const all = [1001, 1002, 1003];
const at = (time: string) => new Date(`2026-03-10T${time}:00Z`);

describe.each(databaseKinds)('load board on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  let testHub: TestHub;
  let hub: HubClient;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'dispatcher');
  const board = (query: string, who = 'dispatcher') =>
    call('GET', `/api/v1/load-board?${query}`, who);
  const reorder = (plantId: number, body: unknown, who = 'dispatcher') =>
    call('PUT', `/api/v1/plants/${plantId}/yard-sequence`, who, body);

  /** Sets a load's stored on-job time, as order entry stores it. */
  const placeLoad = (id: number, time: string) =>
    t.db
      .update(loads)
      .set({ onJobTime: at(time) })
      .where(eq(loads.id, id));

  beforeAll(async () => {
    t = await createTestApp(kind);
    world = await buildDispatchWorld(t.db);
    // A batch of 8 minutes and a wash of 5 in the yard: each load's ticket comes 33 minutes before
    // it is on the job (20 of travel), its truck back 43 after (15 unloading, 10 washing, 18 back).
    await t.db
      .update(plants)
      .set({ batchTime: 8, inYardWashTime: 5 })
      .where(eq(plants.id, world.plants.concrete));
    await addUsers(t, tokens, [
      ['dispatcher', all, { 51001: 5 }],
      ['reader', all, { 51001: 3 }],
      ['stranger', all, {}],
      ['aggregateOnly', [1002], { 51001: 5 }],
    ]);
    // Logged in on today's clock (the hub checks tokens on it); the API's clock then reads 13:00.
    t.clock.now = at('13:00');
    testHub = await startTestHub(t, {
      scaleSource: createSimulatedScaleSource({ intervalMs: 1000 }),
    });
    hub = await testHub.login('reader', tokens.reader!);
  });
  afterAll(async () => {
    await testHub.close();
    await t.close();
  });

  it('answers 401 without a token and 403 without Load Scheduling', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/v1/load-board?from=2026-03-10T13:00:00Z&to=2026-03-10T17:00:00Z',
    });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await board('from=2026-03-10T13:00:00Z&to=2026-03-10T17:00:00Z', 'stranger');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json<ErrorAnswer>().message).toContain('Load Scheduling');
  });

  it('names the field of a bad question', async () => {
    const cases: [string, string][] = [
      ['to=2026-03-10T17:00:00Z', 'from'],
      ['from=yesterday&to=2026-03-10T17:00:00Z', 'from'],
      ['from=2026-03-10T17:00:00Z&to=2026-03-10T13:00:00Z', 'to'],
      ['from=2026-03-01T00:00:00Z&to=2026-03-10T13:00:00Z', 'to'],
      ['from=2026-03-10T13:00:00Z&to=2026-03-10T17:00:00Z&plantIds=1;2', 'plantIds'],
      ['from=2026-03-10T13:00:00Z&to=2026-03-10T17:00:00Z&plantIds=999999', 'plantIds'],
    ];
    for (const [query, field] of cases) {
      const response = await board(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ErrorAnswer>().message, query).toContain(field);
    }
    // The block plant is not on the board (spec section 2): asking for it names plantIds too.
    const block = await board(
      `from=2026-03-10T13:00:00Z&to=2026-03-10T17:00:00Z&plantIds=${world.plants.block}`,
    );
    expect(block.statusCode).toBe(400);
    expect(block.json<ErrorAnswer>().data).toEqual([
      expect.objectContaining({ field: 'plantIds' }),
    ]);
  });

  it("holds the window's loads, projected from the schedule and the plant, and every load out", async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [10, 10, 10, 10, 8] });
    const [early, overlapping, inside, late, outLate] = order.loadIds as [
      number,
      number,
      number,
      number,
      number,
    ];
    await placeLoad(early, '12:00'); // back at 12:43: before the window
    await placeLoad(overlapping, '12:30'); // back at 13:13: overlaps the window's start
    await placeLoad(inside, '14:00');
    await placeLoad(late, '20:00'); // ticket at 19:27: after the window
    await placeLoad(outLate, '21:00'); // dispatched below: out on a ticket, so on the board
    const yardFirst = await addTruck(t.db, { plantId: world.plants.concrete, number: '51' });
    const yardSecond = await addTruck(t.db, { plantId: world.plants.concrete, number: '52' });
    const sent = await addTruck(t.db, { plantId: world.plants.concrete, number: '53' });
    await addTruck(t.db, {
      plantId: world.plants.concrete,
      number: '54',
      statusId: truckStatusIds.offDuty,
    });
    const dispatched = await call('POST', `/api/v1/loads/${outLate}/dispatch`, 'dispatcher', {
      truckId: sent,
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/load-board?from=2026-03-10T13:00:00Z&to=2026-03-10T17:00:00Z',
      headers: { authorization: `Bearer ${tokens.dispatcher}`, 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const answer: LoadBoard = loadBoardSchema.parse(
      JSON.parse((await import('node:zlib')).gunzipSync(response.rawPayload).toString('utf8')),
    );
    // Concrete and aggregate plants the caller sees; the block plant is not on the board.
    expect(answer.plants.map((plant) => plant.id)).toEqual([
      world.plants.concrete,
      world.plants.aggregate,
    ]);
    const onBoard = answer.orders.find((each) => each.id === order.orderId)!;
    expect(onBoard).toMatchObject({
      number: order.orderNumber,
      customerName: 'Acme Builders',
      jobDescription: 'Lakeview Medical Center',
      jobAddress: '1200 Lakeview Drive, Springfield',
      willCall: false,
      onHold: false,
      productDescription: '4000 PSI pump mix',
      orderedQuantity: 48,
    });
    expect(onBoard.loads.map((load) => load.id)).toEqual([overlapping, inside, outLate]);
    expect(onBoard.loads[1]!.projected).toEqual({
      ticketTime: '2026-03-10T13:27:00.000Z',
      loadedTime: '2026-03-10T13:35:00.000Z',
      onJobTime: '2026-03-10T14:00:00.000Z',
      finishUnloadTime: '2026-03-10T14:15:00.000Z',
      washedTime: '2026-03-10T14:25:00.000Z',
      returnTime: '2026-03-10T14:43:00.000Z',
    });
    const out = onBoard.loads[2]!;
    expect(out).toMatchObject({ statusId: 2, truckId: sent, truckNumber: '53' });
    expect(out.ticketNumber).toEqual(expect.any(Number));
    expect(out.actual.ticketTime).toBe(t.clock.now.toISOString());

    const plant = answer.plants[0]!;
    expect(plant.yard.map((truck) => truck.id)).toEqual([yardFirst, yardSecond]);
    expect(plant.out).toEqual([
      expect.objectContaining({
        id: sent,
        statusId: truckStatusIds.loading,
        loadId: outLate,
        orderId: order.orderId,
        orderNumber: order.orderNumber,
        ticketNumber: out.ticketNumber,
      }),
    ]);
    // The off-duty truck is neither available nor out.
    expect(plant.trucksAvailable).toBe(3);
    expect(plant.statusAverages).toEqual([
      { statusId: truckStatusIds.loading, minutes: 0, trucks: 1 },
    ]);

    // A caller with aggregate only sees the pit, and none of the concrete orders.
    const pit = loadBoardSchema.parse(
      (await board('from=2026-03-10T13:00:00Z&to=2026-03-10T17:00:00Z', 'aggregateOnly')).json(),
    );
    expect(pit.plants.map((each) => each.id)).toEqual([world.plants.aggregate]);
    expect(pit.orders).toEqual([]);
  });

  it('keeps the answer until a write commits; a truck moving rebuilds only the plants', async () => {
    const query = 'from=2026-03-10T13:00:00Z&to=2026-03-10T17:00:00Z';
    const first = loadBoardSchema.parse((await board(query)).json());
    // Written behind the API's back: no event, so the kept answer stands.
    const order = await addOrder(t.db, world, { systemTypeId: 2, loadSizes: [20] });
    await placeLoad(order.loadIds[0]!, '15:00');
    const truck = await addTruck(t.db, { plantId: world.plants.aggregate, number: '81' });
    expect(loadBoardSchema.parse((await board(query)).json())).toEqual(first);

    // A truck arriving in the pit's yard is news for the plants; the orders are kept as they were.
    const arrived = await call('PUT', `/api/v1/trucks/${truck}/status`, 'dispatcher', {
      statusId: truckStatusIds.inYard,
    });
    expect(arrived.statusCode, arrived.body).toBe(200);
    const second = loadBoardSchema.parse((await board(query)).json());
    const pit = second.plants.find((plant) => plant.id === world.plants.aggregate)!;
    expect(pit.yard.map((each) => each.id)).toContain(truck);
    expect(second.orders).toEqual(first.orders);

    // Dispatching the pit's load is news for the orders: the order is on the board, its load out.
    const sent = await call('POST', `/api/v1/loads/${order.loadIds[0]}/dispatch`, 'dispatcher', {
      truckId: truck,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const third = loadBoardSchema.parse((await board(query)).json());
    expect(third.orders.find((each) => each.id === order.orderId)?.loads).toEqual([
      expect.objectContaining({ id: order.loadIds[0], statusId: 2, truckId: truck }),
    ]);
  });

  it('reorders a yard, marks the moved trucks and tells every board over the hub', async () => {
    const plantId = world.plants.concrete;
    const yard = (await t.db.select().from(trucks).where(eq(trucks.plantId, plantId)))
      .filter((truck) => truck.inYardSequenceNum !== null)
      .sort((a, b) => a.inYardSequenceNum! - b.inYardSequenceNum!);
    expect(yard.length).toBeGreaterThanOrEqual(2);
    const ids = yard.map((truck) => truck.id);
    const reversed = [...ids].reverse();
    hub.received.splice(0);
    const response = await reorder(plantId, { truckIds: reversed });
    expect(response.statusCode, response.body).toBe(200);
    const event = await hub.next(
      'truckSequenceUpdate_v1',
      (data) => (data as { plantId: number }).plantId === plantId,
    );
    expect(event).toEqual(response.json());
    expect(event).toMatchObject({
      plantId,
      trucks: reversed.map((id, index) => ({ id, inYardSequenceNum: index + 1 })),
    });
    const rows = await t.db.select().from(trucks).where(eq(trucks.plantId, plantId));
    for (const [index, id] of reversed.entries()) {
      const row = rows.find((each) => each.id === id)!;
      expect(row.inYardSequenceNum).toBe(index + 1);
      // With an odd count the middle truck keeps its place and is not marked.
      expect(row.wasMoved).toBe(ids.indexOf(id) !== index);
    }
  });

  it('refuses a stale yard with 409 naming the truck, and a bad list with 400 naming truckIds', async () => {
    const plantId = world.plants.concrete;
    const yard = (await t.db.select().from(trucks).where(eq(trucks.plantId, plantId)))
      .filter((truck) => truck.inYardSequenceNum !== null)
      .sort((a, b) => a.inYardSequenceNum! - b.inYardSequenceNum!);
    const ids = yard.map((truck) => truck.id);
    const newcomer = await addTruck(t.db, { plantId, number: '77' });
    const stale = await reorder(plantId, { truckIds: ids });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorAnswer>().message).toBe(
      'The yard at North changed meanwhile: truck 77 has arrived. Reload the board and try again.',
    );
    const gone = ids[0]!;
    await t.db
      .update(trucks)
      .set({ inYardSequenceNum: null, statusId: truckStatusIds.toJob })
      .where(eq(trucks.id, gone));
    const left = await reorder(plantId, { truckIds: [...ids, newcomer] });
    expect(left.statusCode).toBe(409);
    expect(left.json<ErrorAnswer>().message).toContain(
      `truck ${yard[0]!.identificationNumber} is no longer in it`,
    );

    const repeated = await reorder(plantId, { truckIds: [newcomer, newcomer] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json<ErrorAnswer>().data).toEqual([
      { field: 'truckIds', reason: `names truck id ${newcomer} more than once` },
    ]);
    const unknown = await reorder(plantId, { truckIds: [newcomer, 999_999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorAnswer>().message).toContain('truckIds');
    const empty = await reorder(plantId, { truckIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorAnswer>().message).toContain('truckIds');
    expect((await reorder(plantId, { truckIds: [newcomer] }, 'reader')).statusCode).toBe(403);
    expect((await reorder(999_999, { truckIds: [newcomer] })).statusCode).toBe(404);
    expect((await reorder(plantId, { truckIds: [newcomer] }, 'aggregateOnly')).statusCode).toBe(
      404,
    );
  });
});
