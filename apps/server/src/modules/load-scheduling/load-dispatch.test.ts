/**
 * R-DISP-1..6: POST /api/v1/loads/{id}/dispatch on each engine: the ticket, the load in the batch
 * queue, the truck loading and out of its yard, the events after commit and none after a refusal,
 * the 400/403/404/409 answers, and races between dispatchers where exactly one wins.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { truckFlagIds } from '@dispatch/domain/trucks/truck-flags';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { ticketProducts, tickets, loads } from '../../db/schema/tickets';
import { trucks } from '../../db/schema/trucks';
import { loadStatusIds, ticketStatusIds } from '../../db/reference-ids';
import { listenToDispatch, settle, type DispatchListener } from '../../../test/dispatch-listener';
import { addUsers, type ErrorAnswer } from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import {
  addOrder,
  addTruck,
  buildDispatchWorld,
  type DispatchWorld,
} from '../../../test/dispatch-fixtures';
import { dispatchLoadIn } from './load-dispatch.service';

type Dispatched = {
  load: { id: number; statusId: number; ticketId: number; version?: number };
  ticket: { id: number; number: number; statusId: number };
  truck: { id: number; statusId: number; inYardSequenceNum: number | null };
};

const all = [1001, 1002, 1003];

describe.each(databaseKinds)('load dispatch on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'dispatcher');
  const dispatch = (loadId: number, body: Record<string, unknown>, who = 'dispatcher') =>
    call('POST', `/api/v1/loads/${loadId}/dispatch`, who, body);

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date('2026-03-10T13:05:00Z');
    world = await buildDispatchWorld(t.db);
    await addUsers(t, tokens, [
      ['dispatcher', all, { 51001: 5 }],
      ['reader', all, { 51001: 3 }],
      ['stranger', all, {}],
      ['aggregateOnly', [1002], { 51001: 5 }],
    ]);
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events.stop();
    await t.close();
  });
  beforeEach(() => events.clear());

  it('writes the ticket, queues the load, sends the truck to loading and tells the boards', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [10, 10, 8] });
    const truck = await addTruck(t.db, { plantId: world.plants.concrete, number: '12' });
    const behind = await addTruck(t.db, { plantId: world.plants.concrete, number: '14' });
    const response = await dispatch(order.loadIds[0]!, { truckId: truck, version: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<Dispatched>();
    expect(answer.load).toMatchObject({
      statusId: loadStatusIds.ticketed,
      ticketId: answer.ticket.id,
    });
    expect(answer.ticket).toMatchObject({
      statusId: ticketStatusIds.open,
      number: expect.any(Number),
    });
    expect(answer.truck).toMatchObject({
      id: truck,
      statusId: truckStatusIds.loading,
      inYardSequenceNum: null,
    });

    // The event arrives after the commit: what it announces is there for everyone to read.
    const loadEvent = await events.next(
      'loadUpdate_v1',
      (event) => (event.data as { id: number }).id === order.loadIds[0],
    );
    expect(loadEvent.data).toMatchObject({
      statusId: loadStatusIds.ticketed,
      ticketId: answer.ticket.id,
    });
    const [load] = await t.db.select().from(loads).where(eq(loads.id, order.loadIds[0]!));
    expect(load).toMatchObject({
      ticketId: answer.ticket.id,
      statusId: loadStatusIds.ticketed,
      version: 2,
    });
    await events.next('truckUpdate_v1', (event) => (event.data as { id: number }).id === truck);
    await events.next(
      'ticketUpdate_v1',
      (event) => (event.data as { id: number }).id === answer.ticket.id,
    );
    const sequence = await events.next('truckSequenceUpdate_v1');
    expect(sequence.data).toMatchObject({
      plantId: world.plants.concrete,
      trucks: [{ id: behind, inYardSequenceNum: 1 }],
    });

    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, answer.ticket.id));
    expect(ticket).toMatchObject({
      orderId: order.orderId,
      scheduleId: order.scheduleId,
      plantId: world.plants.concrete,
      truckId: truck,
      truckNumber: '12',
      loadNumber: 1,
      statusId: ticketStatusIds.open,
      maxAllowableWaterGallons: 15,
      codAmount: null,
      userName: 'dispatcher',
      ticketDateTime: t.clock.now,
      // The truck's loading status stamps the batch time: the time loaded on the printed ticket.
      batchDateTime: t.clock.now,
    });
    const lines = await t.db
      .select({
        productId: ticketProducts.productId,
        quantity: ticketProducts.quantity,
        price: ticketProducts.price,
      })
      .from(ticketProducts)
      .where(eq(ticketProducts.ticketId, answer.ticket.id))
      .orderBy(asc(ticketProducts.id));
    expect(lines).toEqual([
      { productId: world.products.mix, quantity: 10, price: 150 },
      // 6 bags over 28 yd: this 10 yd load's share.
      { productId: world.products.fibre, quantity: 2.143, price: 12.5 },
    ]);
    const [truckRow] = await t.db.select().from(trucks).where(eq(trucks.id, truck));
    expect(truckRow).toMatchObject({
      currentTicketId: answer.ticket.id,
      statusId: truckStatusIds.loading,
    });

    // R-DISP-5: the same truck cannot take a second load, nor the load a second truck.
    await settle();
    events.clear();
    const busy = await dispatch(order.loadIds[1]!, { truckId: truck });
    expect(busy.statusCode).toBe(409);
    expect(busy.json<ErrorAnswer>().message).toBe(
      `Truck 12 is already loading ticket ${answer.ticket.number} for order ${order.orderNumber}.`,
    );
    const taken = await dispatch(order.loadIds[0]!, { truckId: behind });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ErrorAnswer>()).toMatchObject({
      code: 'load_taken',
      message: `Load 1 of order ${order.orderNumber} already has ticket ${answer.ticket.number} on truck 12.`,
    });
    // A refused dispatch rolled back: no event, no ticket number used.
    await settle();
    expect(events.events).toEqual([]);
    const next = await dispatch(order.loadIds[1]!, { truckId: behind });
    expect(next.statusCode).toBe(200);
    expect(next.json<Dispatched>().ticket.number).toBe(answer.ticket.number + 1);
  });

  it('sends no event and keeps no write when the transaction rolls back after the dispatch', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [10] });
    const truck = await addTruck(t.db, { plantId: world.plants.concrete, number: '20' });
    await settle();
    events.clear();
    await expect(
      t.db.transaction(async (tx) => {
        await dispatchLoadIn(tx, {
          loadId: order.loadIds[0]!,
          truckId: truck,
          allowedSystemTypeIds: [1],
          username: 'dispatcher',
          now: t.clock.now,
        });
        throw new Error('the batch panel refused the load');
      }),
    ).rejects.toThrow('the batch panel refused the load');
    await settle();
    expect(events.events).toEqual([]);
    const [load] = await t.db.select().from(loads).where(eq(loads.id, order.loadIds[0]!));
    expect(load).toMatchObject({ statusId: loadStatusIds.scheduled, ticketId: null, version: 1 });
    const [truckRow] = await t.db.select().from(trucks).where(eq(trucks.id, truck));
    expect(truckRow).toMatchObject({ statusId: truckStatusIds.inYard, currentTicketId: null });
    expect(await t.db.select().from(tickets).where(eq(tickets.orderId, order.orderId))).toEqual([]);
  });

  it('names the field of a bad body, and refuses an unknown load or truck', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [9] });
    const missing = await dispatch(order.loadIds[0]!, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorAnswer>().message).toContain('truckId');
    const wrong = await dispatch(order.loadIds[0]!, { truckId: 'twelve' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorAnswer>().message).toContain('truckId');
    const noTruck = await dispatch(order.loadIds[0]!, { truckId: 999_999 });
    expect(noTruck.statusCode).toBe(400);
    expect(noTruck.json<ErrorAnswer>().data).toEqual([
      { field: 'truckId', reason: 'refers to a truck that does not exist' },
    ]);
    const truck = await addTruck(t.db, { plantId: world.plants.concrete, number: '31' });
    expect((await dispatch(999_999, { truckId: truck })).statusCode).toBe(404);
    // A load of a system type the caller does not have is not theirs to see.
    expect(
      (await dispatch(order.loadIds[0]!, { truckId: truck }, 'aggregateOnly')).statusCode,
    ).toBe(404);
    const stale = await dispatch(order.loadIds[0]!, { truckId: truck, version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorAnswer>().code).toBe('stale_version');
  });

  it('needs a writing level on Load Scheduling', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [9] });
    const truck = await addTruck(t.db, { plantId: world.plants.concrete, number: '32' });
    for (const who of ['reader', 'stranger']) {
      const response = await dispatch(order.loadIds[0]!, { truckId: truck }, who);
      expect(response.statusCode).toBe(403);
    }
    // Refused before validation: a bad body from a caller without the form is still a 403.
    expect((await dispatch(order.loadIds[0]!, {}, 'reader')).statusCode).toBe(403);
  });

  it('says why a truck or a load cannot be sent', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [9, 9] });
    const message = async (truckId: number, loadId = order.loadIds[0]!) => {
      const response = await dispatch(loadId, { truckId });
      expect(response.statusCode).toBe(409);
      return response.json<ErrorAnswer>().message;
    };
    const plantId = world.plants.concrete;
    expect(
      await message(
        await addTruck(t.db, { plantId, number: '40', statusId: truckStatusIds.outOfService }),
      ),
    ).toBe('Truck 40 is out of service.');
    expect(
      await message(
        await addTruck(t.db, { plantId, number: '41', statusId: truckStatusIds.toPlant }),
      ),
    ).toBe('Truck 41 is not in the yard (to plant).');
    expect(await message(await addTruck(t.db, { plantId, number: '42', inactiveFlag: true }))).toBe(
      'Truck 42 is inactive.',
    );
    expect(
      await message(await addTruck(t.db, { plantId: world.plants.aggregate, number: '43' })),
    ).toBe('Truck 43 is in the yard at Pit, not at North.');
    const held = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [9], orderStatusId: 4 });
    const truck = await addTruck(t.db, { plantId, number: '44' });
    expect(await message(truck, held.loadIds[0])).toBe(
      `Order ${held.orderNumber} is on hold: its loads are not sent.`,
    );
    await t.db
      .update(loads)
      .set({ statusId: loadStatusIds.cancelled })
      .where(eq(loads.id, order.loadIds[1]!));
    expect(await message(truck, order.loadIds[1])).toBe(
      `Load 2 of order ${order.orderNumber} is cancelled.`,
    );
  });

  it('R-DISP-12: refuses the loads of a will-call order until it is called in', async () => {
    const willCall = await addOrder(t.db, world, {
      systemTypeId: 1,
      loadSizes: [9],
      orderStatusId: orderStatusIds.willCall,
    });
    const truck = await addTruck(t.db, { plantId: world.plants.concrete, number: '45' });
    await settle();
    events.clear();
    const response = await dispatch(willCall.loadIds[0]!, { truckId: truck });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorAnswer>()).toMatchObject({
      code: 'order_will_call',
      message: `Order ${willCall.orderNumber} is will call: call it in from Pending Orders first.`,
    });
    await settle();
    expect(events.events).toEqual([]);
    const [truckRow] = await t.db.select().from(trucks).where(eq(trucks.id, truck));
    expect(truckRow).toMatchObject({ statusId: truckStatusIds.inYard, currentTicketId: null });
  });

  it('R-DISP-13: sends a truck flagged needs wash only when the dispatcher confirms', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [9, 9] });
    const plantId = world.plants.concrete;
    const dirty = await addTruck(t.db, {
      plantId,
      number: '46',
      truckFlagId: truckFlagIds.needsWash,
    });
    const refused = await dispatch(order.loadIds[0]!, { truckId: dirty, version: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorAnswer>()).toMatchObject({
      code: 'truck_needs_wash',
      message: 'Truck 46 is flagged needs wash: confirm to send it as it is.',
    });
    // Refused, nothing was written: the same version is still current.
    const [load] = await t.db.select().from(loads).where(eq(loads.id, order.loadIds[0]!));
    expect(load).toMatchObject({ ticketId: null, version: 1 });
    const notConfirmed = await dispatch(order.loadIds[0]!, {
      truckId: dirty,
      confirmNeedsWash: false,
    });
    expect(notConfirmed.json<ErrorAnswer>().code).toBe('truck_needs_wash');
    const wrong = await dispatch(order.loadIds[0]!, { truckId: dirty, confirmNeedsWash: 'yes' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorAnswer>().message).toContain('confirmNeedsWash');

    const confirmed = await dispatch(order.loadIds[0]!, {
      truckId: dirty,
      version: 1,
      confirmNeedsWash: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<Dispatched>().truck).toMatchObject({
      id: dirty,
      statusId: truckStatusIds.loading,
    });
    // Other flags ask nothing.
    const lowFuel = await addTruck(t.db, {
      plantId,
      number: '47',
      truckFlagId: truckFlagIds.lowFuel,
    });
    expect((await dispatch(order.loadIds[1]!, { truckId: lowFuel })).statusCode).toBe(200);
  });

  it('R-DISP-6: charges a COD-only customer on the ticket; aggregate has no water allowance', async () => {
    const order = await addOrder(t.db, world, {
      systemTypeId: 1,
      loadSizes: [10, 10, 8],
      customerId: world.codCustomerId,
    });
    const truck = await addTruck(t.db, { plantId: world.plants.concrete, number: '50' });
    const answer = (await dispatch(order.loadIds[0]!, { truckId: truck })).json<Dispatched>();
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, answer.ticket.id));
    // 10 yd at 150 and 2.143 bags of fibre at 12.50, no tax schedule.
    expect(ticket!.codAmount).toBe(1526.79);

    const stone = await addOrder(t.db, world, { systemTypeId: 2, loadSizes: [22] });
    const dump = await addTruck(t.db, { plantId: world.plants.aggregate, number: '60' });
    const dumped = await dispatch(stone.loadIds[0]!, { truckId: dump });
    expect(dumped.statusCode, dumped.body).toBe(200);
    const [pitTicket] = await t.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, dumped.json<Dispatched>().ticket.id));
    expect(pitTicket).toMatchObject({
      plantId: world.plants.aggregate,
      maxAllowableWaterGallons: null,
      number: 1,
    });
  });

  it('R-DISP-5: of two dispatchers sending one truck to two loads, exactly one wins', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [9, 9] });
    const truck = await addTruck(t.db, { plantId: world.plants.concrete, number: '70' });
    const answers = await Promise.all(
      order.loadIds.map((loadId) => dispatch(loadId, { truckId: truck })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json<Dispatched>();
    const loser = answers.find((answer) => answer.statusCode === 409)!.json<ErrorAnswer>();
    expect(loser.message).toBe(
      `Truck 70 is already loading ticket ${winner.ticket.number} for order ${order.orderNumber}.`,
    );
    const ticketed = await t.db.select().from(tickets).where(eq(tickets.truckId, truck));
    expect(ticketed).toHaveLength(1);
  });

  it('R-DISP-5: of two dispatchers sending two trucks to one load, exactly one wins', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [9] });
    const first = await addTruck(t.db, { plantId: world.plants.concrete, number: '71' });
    const second = await addTruck(t.db, { plantId: world.plants.concrete, number: '72' });
    const answers = await Promise.all(
      [first, second].map((truckId) => dispatch(order.loadIds[0]!, { truckId })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json<Dispatched>();
    const loser = answers.find((answer) => answer.statusCode === 409)!.json<ErrorAnswer>();
    const winnerNumber = winner.truck.id === first ? '71' : '72';
    expect(loser.message).toBe(
      `Load 1 of order ${order.orderNumber} already has ticket ${winner.ticket.number} on truck ${winnerNumber}.`,
    );
    const ticketed = await t.db.select().from(tickets).where(eq(tickets.orderId, order.orderId));
    expect(ticketed).toHaveLength(1);
    const loading = await t.db
      .select()
      .from(trucks)
      .where(eq(trucks.statusId, truckStatusIds.loading));
    expect(loading.map((row) => row.id)).not.toContain(winner.truck.id === first ? second : first);
  });
});
