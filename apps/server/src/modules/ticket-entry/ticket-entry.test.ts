/**
 * R-TENT-1..9: POST /api/v1/tickets and GET /api/v1/tickets/entry-choices on each engine: an
 * aggregate ticket weighed (net, tons, bill of lading, COD), a block ticket and a return with its
 * restocking charge, the load it fulfils, the events, the 400/403/409 answers, prices hidden by
 * level, and 50 concurrent tickets at one plant numbered 1..50 with no gap after a rollback.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerBlockPricing } from '../../db/schema/customers';
import { aggregatePits, blockPlants, plants } from '../../db/schema/plants';
import { loads, ticketProducts, tickets } from '../../db/schema/tickets';
import { trucks } from '../../db/schema/trucks';
import { loadStatusIds, ticketStatusIds } from '../../db/reference-ids';
import { listenToDispatch, type DispatchListener } from '../../../test/dispatch-listener';
import { addUsers, type ErrorAnswer } from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import {
  addOrder,
  addTruck,
  buildDispatchWorld,
  type DispatchWorld,
} from '../../../test/dispatch-fixtures';
import { takeNextTicketNumber } from '../tickets/ticket-numbers';

type Written = {
  id: number;
  number: number;
  billOfLadingNumber: number | null;
  quantity: number;
  netWeight: number | null;
  price?: number;
  extendedPrice?: number;
  blockRestockingCharge?: number;
  totalAmount?: number;
  codAmount?: number | null;
  loadId: number | null;
  truckNumber: string | null;
  statusId: number;
};

const all = [1001, 1002, 1003];
const aggregateForm = 22000;
const blockForm = 32000;

describe.each(databaseKinds)('ticket entry on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'scaleman');
  const post = (body: Record<string, unknown>, who = 'scaleman') =>
    call('POST', '/api/v1/tickets', who, body);
  let truck: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date('2026-03-10T13:05:00');
    world = await buildDispatchWorld(t.db);
    await addUsers(t, tokens, [
      ['scaleman', all, { [aggregateForm]: 5, [blockForm]: 5 }],
      ['noPrices', all, { [aggregateForm]: 4 }],
      ['reader', all, { [aggregateForm]: 3, [blockForm]: 3 }],
      ['blockOnly', [1003], { [aggregateForm]: 5, [blockForm]: 5 }],
    ]);
    truck = await addTruck(t.db, { plantId: world.plants.aggregate, number: 'T-41' });
    await t.db.update(trucks).set({ tareWeight: 27_300 }).where(eq(trucks.id, truck));
    await t.db
      .update(plants)
      .set({ scaleCapacity: 120_000 })
      .where(eq(plants.id, world.plants.aggregate));
    await t.db
      .insert(aggregatePits)
      .values({ plantId: world.plants.aggregate, nextBillOfLadingNumber: 700 });
    await t.db.insert(customerBlockPricing).values({
      customerId: world.customerId,
      blockRestockingCharge: 15,
      blockRestockPercentFlag: true,
    });
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events.stop();
    await t.close();
  });
  beforeEach(() => events.clear());

  it('weighs an aggregate ticket: net in tons, priced, the next bill of lading, its load', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 2, loadSizes: [18, 18] });
    const response = await post({
      systemTypeId: 2,
      orderId: order.orderId,
      plantId: world.plants.aggregate,
      truckId: truck,
      grossWeight: 62_140,
      tareWeight: 27_300,
    });
    expect(response.statusCode, response.body).toBe(201);
    const ticket = response.json<Written>();
    expect(ticket).toMatchObject({
      billOfLadingNumber: 700,
      netWeight: 34_840,
      quantity: 17.42,
      price: 150,
      extendedPrice: 2613,
      totalAmount: 2613,
      codAmount: null,
      truckNumber: 'T-41',
      loadId: order.loadIds[0],
      statusId: ticketStatusIds.open,
    });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ grossWeight: 62_140, tareWeight: 27_300, billOfLadingNumber: 700 });
    const [line] = await t.db
      .select()
      .from(ticketProducts)
      .where(eq(ticketProducts.ticketId, ticket.id));
    expect(line).toMatchObject({ productId: world.products.stone, quantity: 17.42, price: 150 });
    const [load] = await t.db.select().from(loads).where(eq(loads.id, order.loadIds[0]!));
    expect(load).toMatchObject({ ticketId: ticket.id, statusId: loadStatusIds.ticketed });
    await events.next(
      'ticketUpdate_v1',
      (event) => (event.data as { id: number }).id === ticket.id,
    );
    await events.next('loadUpdate_v1', (event) => (event.data as { id: number }).id === load!.id);

    // The next ticket at the pit takes the next numbers.
    const next = await post({
      systemTypeId: 2,
      orderId: order.orderId,
      plantId: world.plants.aggregate,
      truckId: truck,
      grossWeight: 50_000,
      tareWeight: 27_300,
    });
    expect(next.json<Written>()).toMatchObject({
      number: ticket.number + 1,
      billOfLadingNumber: 701,
      loadId: order.loadIds[1],
    });
  });

  it("collects a COD-only customer's total on delivery", async () => {
    const order = await addOrder(t.db, world, {
      systemTypeId: 2,
      loadSizes: [10],
      customerId: world.codCustomerId,
    });
    const response = await post({
      systemTypeId: 2,
      orderId: order.orderId,
      plantId: world.plants.aggregate,
      grossWeight: 47_300,
      tareWeight: 27_300,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Written>()).toMatchObject({
      quantity: 10,
      totalAmount: 1500,
      codAmount: 1500,
    });
  });

  it('counts block in cubes and pieces, and takes a return back with its restocking charge', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 3, loadSizes: [400] });
    const sold = await post({
      systemTypeId: 3,
      orderId: order.orderId,
      plantId: world.plants.block,
      cubes: 2,
      pieces: 15,
    });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json<Written>()).toMatchObject({
      quantity: 195,
      billOfLadingNumber: null,
      extendedPrice: 419.25,
      blockRestockingCharge: 0,
      totalAmount: 419.25,
    });
    const returned = await post({
      systemTypeId: 3,
      orderId: order.orderId,
      plantId: world.plants.block,
      cubes: 1,
      pieces: 0,
      returnFlag: true,
    });
    expect(returned.statusCode, returned.body).toBe(201);
    // 90 pieces at 2.15 is 193.50 back; 15% of it, 29.03, is kept to restock.
    const credit = returned.json<Written>();
    expect(credit).toMatchObject({
      quantity: -90,
      extendedPrice: -193.5,
      blockRestockingCharge: 29.03,
      totalAmount: -164.47,
      codAmount: null,
      statusId: ticketStatusIds.complete,
    });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, credit.id));
    expect(row!.restockingCharge).toBe(29.03);
  });

  it('answers 400 naming the field, 403 by form and level, 409 for a closed order', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 2, loadSizes: [10] });
    const body = {
      systemTypeId: 2,
      orderId: order.orderId,
      plantId: world.plants.aggregate,
      grossWeight: 27_000,
      tareWeight: 27_300,
    };
    const problems = (response: Awaited<ReturnType<typeof post>>) => {
      expect(response.statusCode, response.body).toBe(400);
      return response.json<ErrorAnswer>().data;
    };
    expect(problems(await post(body))).toEqual([
      { field: 'grossWeight', reason: 'must be more than the tare weight' },
    ]);
    expect(problems(await post({ ...body, grossWeight: 125_000 }))).toEqual([
      { field: 'grossWeight', reason: "is over the scale's capacity: at most 120,000 lb" },
    ]);
    expect(
      problems(await post({ ...body, grossWeight: 50_000, plantId: world.plants.block })),
    ).toEqual([{ field: 'plantId', reason: 'must be an aggregate plant' }]);
    expect(
      problems(
        await post({
          systemTypeId: 3,
          orderId: order.orderId,
          plantId: world.plants.block,
          pieces: 4,
        }),
      ),
    ).toEqual([{ field: 'orderId', reason: 'must be a block order' }]);

    const fine = { ...body, grossWeight: 50_000 };
    expect((await post(fine, 'reader')).statusCode).toBe(403);
    expect((await post(fine, 'blockOnly')).statusCode).toBe(403);
    const priced = await post({ ...fine, price: 1 }, 'noPrices');
    expect(priced.statusCode).toBe(403);
    const hidden = await post(fine, 'noPrices');
    expect(hidden.statusCode, hidden.body).toBe(201);
    expect(hidden.json()).not.toHaveProperty('price');
    expect(hidden.json()).not.toHaveProperty('totalAmount');

    const closed = await addOrder(t.db, world, {
      systemTypeId: 2,
      loadSizes: [10],
      orderStatusId: 5,
    });
    const refused = await post({ ...fine, orderId: closed.orderId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorAnswer>().message).toBe(
      `Order ${closed.orderNumber} for Acme Builders takes no more tickets: it is closed, cancelled or on hold.`,
    );
  });

  it("lists today's open orders at the pit with price, unit and the trucks' tares", async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 2, loadSizes: [12] });
    await addOrder(t.db, world, { systemTypeId: 2, loadSizes: [12], shipDate: '2026-03-11' });
    const response = await call(
      'GET',
      `/api/v1/tickets/entry-choices?systemTypeId=2&plantId=${world.plants.aggregate}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const choices = response.json<{
      plant: Record<string, unknown>;
      orders: Record<string, unknown>[];
      trucks: Record<string, unknown>[];
    }>();
    expect(choices.plant).toMatchObject({ scaleCapacity: 120_000, weightUnit: 'lb' });
    expect(choices.orders.find((row) => row.id === order.orderId)).toMatchObject({
      customerName: 'Acme Builders',
      jobNumber: 'J-275',
      productDescription: '#57 washed stone',
      price: 150,
      unitOfMeasure: 6,
    });
    expect(choices.orders.every((row) => row.id !== undefined)).toBe(true);
    expect(choices.trucks).toContainEqual(
      expect.objectContaining({ identificationNumber: 'T-41', tareWeight: 27_300 }),
    );
    const hidden = await call(
      'GET',
      `/api/v1/tickets/entry-choices?systemTypeId=2&plantId=${world.plants.aggregate}`,
      'noPrices',
    );
    expect(hidden.json<{ orders: object[] }>().orders[0]).not.toHaveProperty('price');
  });

  it('numbers 50 concurrent tickets at one block yard 1..50, and a rollback leaves no gap', async () => {
    // A ticket without a truck of ours delivers a load when saved (R-DELIV-5): one load each.
    const order = await addOrder(t.db, world, {
      systemTypeId: 3,
      loadSizes: Array.from({ length: 60 }, () => 20),
    });
    const [yard] = await t.db
      .select({ next: blockPlants.nextTicketNumber })
      .from(blockPlants)
      .where(eq(blockPlants.plantId, world.plants.block));
    const first = yard!.next;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post({ systemTypeId: 3, orderId: order.orderId, plantId: world.plants.block, pieces: 1 }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(201));
    const numbers = answers.map((answer) => answer.json<Written>().number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => first + i));

    await expect(
      t.db.transaction(async (tx) => {
        await takeNextTicketNumber(tx, world.plants.block);
        throw new Error('the ticket could not be written');
      }),
    ).rejects.toThrow('the ticket could not be written');
    const after = await post({
      systemTypeId: 3,
      orderId: order.orderId,
      plantId: world.plants.block,
      pieces: 1,
    });
    expect(after.json<Written>().number).toBe(first + 50);
  });
});
