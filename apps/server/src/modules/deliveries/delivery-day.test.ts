/**
 * R-DELIV-1..9 through the API, on each engine: a dispatcher takes an order and sends its two
 * loads from the board; each truck goes round its loop; the tickets are delivered, the order
 * counts them and completes, and a clerk invoices them from Flag Invoice without touching a
 * ticket. A second dispatcher's hub connection hears every step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStatusIds } from '@dispatch/domain/dispatch/load-status';
import { ticketStatusIds } from '@dispatch/domain/delivery/ticket-status';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { truckStatusIds, type TruckStatusId } from '@dispatch/domain/trucks/truck-status';
import { customerConcretePricing } from '../../db/schema/customers';
import { termsDiscountIds } from '../../db/reference-ids';
import type { HubClient } from '../../../test/hub-client';
import { pdfTextOf } from '../../../test/pdf-text-of';
import {
  addUsers,
  concreteOrderBody,
  concreteSchedule,
  type ErrorAnswer,
  type Json,
} from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { startTestHub, type TestHub } from '../../../test/test-hub';
import { databaseKinds } from '../../../test/test-tenancy';
import { flagInvoiceForm } from '../invoices/invoices.routes';
import { addTruck, buildDispatchWorld, type DispatchWorld } from '../../../test/dispatch-fixtures';

type Order = Json & {
  id: number;
  number: number;
  version: number;
  orderStatusId: number;
  quantityDelivered: number;
  schedules: { primaryProduct: { deliveredQuantity: number } }[];
  loads: { id: number; loadNumber: number; statusId: number; ticketId: number | null }[];
};
type Ticket = { id: number; number: number; statusId: number; version: number } & Json;
type Dispatched = { ticket: { id: number; number: number } };
type LiveOrder = {
  id: number;
  orderStatusId: number;
  schedules: { primaryProduct: { deliveredQuantity: number } | null }[];
};

const all = [1001, 1002, 1003];
const day = '2026-03-10';
const byId = (id: number) => (data: unknown) => (data as { id: number }).id === id;

describe.each(databaseKinds)('the delivery day on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  let hub: TestHub;
  /** The second dispatcher's screen: it only listens. */
  let watcher: HubClient;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'dispatcher');

  const readOrder = async (id: number) => {
    const response = await call('GET', `/api/v1/orders/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Order>();
  };
  const readTicket = async (id: number) => {
    const response = await call('GET', `/api/v1/tickets/${id}`, 'clerk');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Ticket>();
  };
  /** The truck moves on a few minutes later, as the driver's day goes. */
  const move = async (truckId: number, statusId: TruckStatusId, minutes = 10) => {
    t.clock.advance(minutes * 60_000);
    const response = await call('PUT', `/api/v1/trucks/${truckId}/status`, 'dispatcher', {
      statusId,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const deliveredOf = (live: LiveOrder) =>
    live.schedules.reduce((sum, form) => sum + (form.primaryProduct?.deliveredQuantity ?? 0), 0);
  /** The order as the second dispatcher's board last heard it. */
  const heard = (orderId: number, where: (live: LiveOrder) => boolean) =>
    watcher.next('orderUpdate_v1', (data) => byId(orderId)(data) && where(data as LiveOrder), 5000);

  /** A schedule of the pump mix in loads of 10 yd³ at 128.50 a yard. */
  const pricedSchedule = (firstLoadOnJobTime: string, quantity: number) => {
    const form = concreteSchedule({
      plantId: world.plants.concrete,
      productId: world.products.mix,
      firstLoadOnJobTime,
      quantity,
      loadSize: 10,
    });
    return { ...form, primaryProduct: { ...form.primaryProduct, price: 128.5 } };
  };

  /** An order of the pump mix at 128.50 a yard, through order entry: its id. */
  const createOrder = async (customerPoNumber: string, firstLoad: string, quantity: number) => {
    const created = await call(
      'POST',
      '/api/v1/orders',
      'dispatcher',
      concreteOrderBody(
        {
          customerId: world.customerId,
          plantId: world.plants.concrete,
          jobId: world.jobId,
          customerPoNumber,
          shipDate: day,
        },
        { schedules: [pricedSchedule(firstLoad, quantity)] },
      ),
    );
    expect(created.statusCode, created.body).toBe(201);
    return created.json<Order>().id;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    world = await buildDispatchWorld(t.db);
    // Acme pays its concrete at net 30.
    await t.db.insert(customerConcretePricing).values({
      customerId: world.customerId,
      termsDiscountId: termsDiscountIds.net30,
      startDate: '2026-01-01',
    });
    await addUsers(t, tokens, [
      ['dispatcher', all, { 15000: 5, 51001: 5, 51201: 5 }],
      ['watcher', all, { 15000: 5, 51001: 5 }],
      ['clerk', all, { [flagInvoiceForm]: 5, 51201: 5 }],
    ]);
    // Logged in on today's clock (the hub checks tokens on it); the API's clock then reads 13:00.
    t.clock.now = new Date(`${day}T13:00:00Z`);
    hub = await startTestHub(t);
    watcher = await hub.login('watcher', tokens.watcher!);
  });
  afterAll(async () => {
    await hub.close();
    await t.close();
  });

  it('closes the day: sent, delivered, complete and invoiced with no hand edit', async () => {
    // The order: 20 yd³ in two loads of 10, for PO-4410.
    const orderId = await createOrder('PO-4410', `${day}T14:00:00Z`, 20);
    const order = await readOrder(orderId);
    expect(order.orderStatusId).toBe(orderStatusIds.toBeShipped);
    expect(order.loads.map((load) => load.statusId)).toEqual([
      loadStatusIds.scheduled,
      loadStatusIds.scheduled,
    ]);
    const [first, second] = order.loads;

    // Sending the first load: the order is shipping.
    const truckA = await addTruck(t.db, { plantId: world.plants.concrete, number: '21' });
    const truckB = await addTruck(t.db, { plantId: world.plants.concrete, number: '22' });
    const sentA = await call('POST', `/api/v1/loads/${first!.id}/dispatch`, 'dispatcher', {
      truckId: truckA,
    });
    expect(sentA.statusCode, sentA.body).toBe(200);
    const ticketA = sentA.json<Dispatched>().ticket;
    expect((await readOrder(orderId)).orderStatusId).toBe(orderStatusIds.shipping);
    await heard(orderId, (live) => live.orderStatusId === orderStatusIds.shipping);

    // Truck A goes round: the ticket is delivered when it starts washing.
    await move(truckA, truckStatusIds.loaded);
    await move(truckA, truckStatusIds.toJob);
    await move(truckA, truckStatusIds.onJob, 25);
    await move(truckA, truckStatusIds.unloading, 5);
    expect((await readTicket(ticketA.id)).statusId).toBe(ticketStatusIds.open);
    await move(truckA, truckStatusIds.washing, 20);
    const washedAt = t.clock.now.toISOString();
    const deliveredA = await readTicket(ticketA.id);
    expect(deliveredA).toMatchObject({
      statusId: ticketStatusIds.delivered,
      finishUnloadDateTime: washedAt,
    });
    await watcher.next(
      'ticketUpdate_v1',
      (data) => byId(ticketA.id)(data) && (data as Ticket).statusId === ticketStatusIds.delivered,
    );
    await watcher.next(
      'loadUpdate_v1',
      (data) => byId(first!.id)(data) && (data as Ticket).statusId === loadStatusIds.delivered,
    );
    await heard(orderId, (live) => deliveredOf(live) === 10);
    const halfway = await readOrder(orderId);
    expect(halfway).toMatchObject({
      orderStatusId: orderStatusIds.shipping,
      quantityDelivered: 10,
    });
    // The dashboard's board view and the load board count it the same way.
    const boardView = await call('GET', `/api/v1/orders?view=board&shipDate=${day}`);
    expect(boardView.statusCode, boardView.body).toBe(200);
    expect(
      boardView
        .json<{ data: { id: number; quantityDelivered: number }[] }>()
        .data.find((row) => row.id === orderId),
    ).toMatchObject({ quantityDelivered: 10 });
    const loadBoard = await call(
      'GET',
      `/api/v1/load-board?from=${day}T12:00:00Z&to=${day}T18:00:00Z`,
    );
    expect(loadBoard.statusCode, loadBoard.body).toBe(200);
    expect(
      loadBoard
        .json<{ orders: { id: number; deliveredQuantity: number }[] }>()
        .orders.find((row) => row.id === orderId),
    ).toMatchObject({ deliveredQuantity: 10 });

    // Truck B takes the second load; it skips Washing: To plant finishes unloading.
    const sentB = await call('POST', `/api/v1/loads/${second!.id}/dispatch`, 'dispatcher', {
      truckId: truckB,
    });
    expect(sentB.statusCode, sentB.body).toBe(200);
    const ticketB = sentB.json<Dispatched>().ticket;
    await move(truckB, truckStatusIds.toJob, 12);
    await move(truckB, truckStatusIds.onJob, 25);
    await move(truckB, truckStatusIds.unloading, 5);
    await move(truckB, truckStatusIds.toPlant, 25);
    expect(await readTicket(ticketB.id)).toMatchObject({
      statusId: ticketStatusIds.delivered,
      finishUnloadDateTime: t.clock.now.toISOString(),
    });
    // Every load delivered: the order is complete, and the other dispatcher sees it.
    await heard(
      orderId,
      (live) => live.orderStatusId === orderStatusIds.complete && deliveredOf(live) === 20,
    );
    expect(await readOrder(orderId)).toMatchObject({
      orderStatusId: orderStatusIds.complete,
      quantityDelivered: 20,
    });

    // 1.5 yd³ came back on truck B: the ticket, its load and the order deliver 18.5.
    const returned = await call('PUT', `/api/v1/tickets/${ticketB.id}/returned`, 'dispatcher', {
      version: (await readTicket(ticketB.id)).version,
      returnedQuantity: 1.5,
      reason: 'Site could not take the last of it',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    await heard(orderId, (live) => deliveredOf(live) === 18.5);
    expect(await readOrder(orderId)).toMatchObject({
      orderStatusId: orderStatusIds.complete,
      quantityDelivered: 18.5,
    });

    // Both trucks back in the yard: the tickets are complete.
    await move(truckA, truckStatusIds.toPlant, 2);
    await move(truckA, truckStatusIds.inYard, 20);
    await move(truckB, truckStatusIds.inYard, 20);
    expect((await readTicket(ticketA.id)).statusId).toBe(ticketStatusIds.complete);
    expect((await readTicket(ticketB.id)).statusId).toBe(ticketStatusIds.complete);

    // The clerk finds both tickets in Flag Invoice and invoices them as they are.
    const candidates = await call(
      'GET',
      `/api/v1/invoices/candidates?from=${day}&to=${day}`,
      'clerk',
    );
    expect(candidates.statusCode, candidates.body).toBe(200);
    const listed = candidates
      .json<{
        customers: {
          orders: {
            orderId: number;
            tickets: {
              id: number;
              problem: string | null;
              lines: { deliveredQuantity: number }[];
            }[];
          }[];
        }[];
      }>()
      .customers.flatMap((customer) => customer.orders)
      .find((each) => each.orderId === orderId)!;
    expect(listed.tickets.map((ticket) => [ticket.id, ticket.problem])).toEqual([
      [ticketA.id, null],
      [ticketB.id, null],
    ]);
    expect(listed.tickets.map((ticket) => ticket.lines[0]!.deliveredQuantity)).toEqual([10, 8.5]);
    const invoiced = await call('POST', '/api/v1/invoices', 'clerk', {
      ticketIds: [ticketA.id, ticketB.id],
      invoiceDate: day,
    });
    expect(invoiced.statusCode, invoiced.body).toBe(201);
    const [invoice] = invoiced.json<{ invoices: { id: number; number: number }[] }>().invoices;
    const pdf = await call('GET', `/api/v1/invoices/${invoice!.id}/invoice.pdf`, 'clerk');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // R-INV-12: the customer's PO, its terms and the due date they give.
    const text = pdfTextOf(pdf.rawPayload);
    expect(text).toContain('PO no. PO-4410');
    expect(text).toContain('Terms Net 30');
    expect(text).toContain('Due date 2026-04-09');
  });

  it('R-DELIV-9: reopens a complete order with a reason, and only a complete one', async () => {
    let order = await readOrder(await createOrder('PO-5000', `${day}T15:00:00Z`, 10));
    const reopen = (body: Json) =>
      call('POST', `/api/v1/orders/${order.id}/reopen`, 'dispatcher', body);

    const notComplete = await reopen({ version: order.version, reason: 'More needed' });
    expect(notComplete.statusCode).toBe(409);
    expect(notComplete.json<ErrorAnswer>().message).toBe(
      `Order ${order.number} is not complete: only a complete order is reopened.`,
    );

    const truck = await addTruck(t.db, { plantId: world.plants.concrete, number: '31' });
    const sent = await call('POST', `/api/v1/loads/${order.loads[0]!.id}/dispatch`, 'dispatcher', {
      truckId: truck,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    for (const statusId of [truckStatusIds.toJob, truckStatusIds.onJob, truckStatusIds.washing]) {
      await move(truck, statusId);
    }
    order = await readOrder(order.id);
    expect(order.orderStatusId).toBe(orderStatusIds.complete);

    const noReason = await reopen({ version: order.version, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<ErrorAnswer>().data).toEqual([{ field: 'reason', reason: 'is required' }]);
    const stale = await reopen({ version: order.version - 1, reason: 'More needed' });
    expect(stale.statusCode).toBe(409);

    const reopened = await reopen({
      version: order.version,
      reason: 'Customer wants one more load',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json<Order>().orderStatusId).toBe(orderStatusIds.shipping);
    await heard(order.id, (live) => live.orderStatusId === orderStatusIds.shipping);
    const history = await call('GET', `/api/v1/orders/${order.id}/history`);
    const latest = history.json<{
      data: { action: string; changes: { field: string; after: unknown }[] }[];
    }>().data[0]!;
    expect(latest.action).toBe('reopened');
    expect(latest.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'orderStatusId', after: orderStatusIds.shipping }),
        expect.objectContaining({ field: 'reason', after: 'Customer wants one more load' }),
      ]),
    );
  });
});
