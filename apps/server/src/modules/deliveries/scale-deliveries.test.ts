/**
 * R-DELIV-5 on each engine: tickets written at the scale. A pickup (FOB) order's ticket is
 * delivered when saved, its load and schedule count it and the order completes once its quantity
 * is reached; a delivered order's ticket on one of our trucks follows the truck, which takes it
 * out as Loaded and delivers it when it starts washing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketStatusIds } from '@dispatch/domain/delivery/ticket-status';
import { loadStatusIds } from '@dispatch/domain/dispatch/load-status';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { orders, scheduleProducts } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { loads, tickets } from '../../db/schema/tickets';
import { trucks } from '../../db/schema/trucks';
import { addUsers } from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import {
  addOrder,
  addTruck,
  buildDispatchWorld,
  type DispatchWorld,
} from '../../../test/dispatch-fixtures';

const all = [1001, 1002, 1003];
const aggregateForm = 22000;

describe.each(databaseKinds)('tickets written at the scale on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'scaleman');
  /** 20 t net on a truck of 27,300 lb tare. */
  const weigh = (orderId: number, truckId: number | null) =>
    call('POST', '/api/v1/tickets', 'scaleman', {
      systemTypeId: 2,
      orderId,
      plantId: world.plants.aggregate,
      truckId,
      grossWeight: 67_300,
      tareWeight: 27_300,
    });
  const orderStatusOf = async (orderId: number) => {
    const [order] = await t.db
      .select({ statusId: orders.orderStatusId })
      .from(orders)
      .where(eq(orders.id, orderId));
    return order!.statusId;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date('2026-03-10T13:05:00');
    world = await buildDispatchWorld(t.db);
    await addUsers(t, tokens, [['scaleman', all, { [aggregateForm]: 5, 51001: 5 }]]);
    await t.db
      .update(plants)
      .set({ scaleCapacity: 120_000 })
      .where(eq(plants.id, world.plants.aggregate));
  });
  afterAll(() => t.close());

  it('delivers a pickup’s ticket when saved, and completes the order at its quantity', async () => {
    const order = await addOrder(t.db, world, {
      systemTypeId: 2,
      loadSizes: [20, 20],
      orderStatusId: orderStatusIds.fob,
    });
    const first = await weigh(order.orderId, null);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<{ statusId: number }>().statusId).toBe(ticketStatusIds.complete);
    const [load] = await t.db.select().from(loads).where(eq(loads.id, order.loadIds[0]!));
    expect(load!.statusId).toBe(loadStatusIds.delivered);
    const [schedule] = await t.db
      .select({ delivered: scheduleProducts.deliveredQuantity })
      .from(scheduleProducts)
      .where(eq(scheduleProducts.scheduleId, order.scheduleId));
    expect(schedule!.delivered).toBe(20);
    expect(await orderStatusOf(order.orderId)).toBe(orderStatusIds.fob);

    expect((await weigh(order.orderId, null)).statusCode).toBe(201);
    expect(await orderStatusOf(order.orderId)).toBe(orderStatusIds.complete);
    // A complete order takes no more tickets at the scale.
    expect((await weigh(order.orderId, null)).statusCode).toBe(409);
  });

  it('lets a delivered order’s ticket follow our truck until it is delivered', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 2, loadSizes: [20, 20] });
    const truck = await addTruck(t.db, { plantId: world.plants.aggregate, number: 'D-9' });
    await t.db.update(trucks).set({ tareWeight: 27_300 }).where(eq(trucks.id, truck));
    const written = await weigh(order.orderId, truck);
    expect(written.statusCode, written.body).toBe(201);
    const ticket = written.json<{ id: number; statusId: number }>();
    expect(ticket.statusId).toBe(ticketStatusIds.open);
    const [out] = await t.db.select().from(trucks).where(eq(trucks.id, truck));
    expect(out).toMatchObject({ currentTicketId: ticket.id, statusId: truckStatusIds.loaded });
    // Sent: the order ships; nothing is delivered yet.
    expect(await orderStatusOf(order.orderId)).toBe(orderStatusIds.shipping);

    for (const statusId of [truckStatusIds.toJob, truckStatusIds.onJob, truckStatusIds.washing]) {
      t.clock.advance(600_000);
      const moved = await call('PUT', `/api/v1/trucks/${truck}/status`, 'scaleman', { statusId });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const [delivered] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(delivered!.statusId).toBe(ticketStatusIds.delivered);
    const [load] = await t.db.select().from(loads).where(eq(loads.id, order.loadIds[0]!));
    expect(load!.statusId).toBe(loadStatusIds.delivered);
    const [schedule] = await t.db
      .select({ delivered: scheduleProducts.deliveredQuantity })
      .from(scheduleProducts)
      .where(eq(scheduleProducts.scheduleId, order.scheduleId));
    expect(schedule!.delivered).toBe(20);
  });
});
