/**
 * R-DISP-7, R-DISP-8: POST /api/v1/tickets/{id}/void on each engine: the ticket keeps its number
 * and gets its void status, time and user; its load goes back to scheduled (unless delivered) and
 * can be dispatched again; an invoiced ticket is refused; the events and the audit row.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { auditTrail } from '../../db/schema/audit';
import { invoices } from '../../db/schema/billing';
import { scheduleProducts } from '../../db/schema/orders';
import { loads, ticketProducts, tickets } from '../../db/schema/tickets';
import { trucks } from '../../db/schema/trucks';
import { loadStatusIds, ticketStatusIds, voidStatusIds } from '../../db/reference-ids';
import { listenToDispatch, settle, type DispatchListener } from '../../../test/dispatch-listener';
import { addUsers, type ErrorAnswer } from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import {
  addDispatchedOrder,
  addTruck,
  buildDispatchWorld,
  type DispatchWorld,
} from '../../../test/dispatch-fixtures';

type Ticket = {
  id: number;
  number: number;
  statusId: number;
  voidStatusId: number | null;
  voidedFlag: boolean;
  voidDateTime: string | null;
  voidedByUsername: string;
  version: number;
};
type Dispatched = { ticket: { id: number; number: number } };

const all = [1001, 1002, 1003];

describe.each(databaseKinds)('ticket void on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'office');
  let truckCount = 0;

  /** A dispatched load's ticket: the load id, the ticket and its truck. */
  const dispatched = async () => {
    const made = await addDispatchedOrder(t.db, call, world, {
      loadSizes: [10, 8],
      truckNumber: `V${++truckCount}`,
    });
    return { ...made, loadId: made.order.loadIds[0]! };
  };
  const voidIt = (id: number, body: Record<string, unknown>, who = 'office') =>
    call('POST', `/api/v1/tickets/${id}/void`, who, body);
  const body = { version: 2, voidStatusId: voidStatusIds.entryError, reason: 'Wrong mix keyed' };

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date('2026-03-10T14:00:00Z');
    world = await buildDispatchWorld(t.db);
    await addUsers(t, tokens, [
      ['office', all, { 51001: 5, 51201: 5 }],
      ['reader', all, { 51201: 3 }],
    ]);
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events.stop();
    await t.close();
  });
  beforeEach(() => events.clear());

  it('voids the ticket under its number and puts the load back to scheduled', async () => {
    const { loadId, truckId, ticket } = await dispatched();
    // The loading status stamped the ticket's batch time: version 2.
    const response = await voidIt(ticket.id, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Ticket>()).toMatchObject({
      id: ticket.id,
      number: ticket.number,
      statusId: ticketStatusIds.voided,
      voidStatusId: voidStatusIds.entryError,
      voidedFlag: true,
      voidDateTime: t.clock.now.toISOString(),
      voidedByUsername: 'office',
      version: 3,
    });
    const [load] = await t.db.select().from(loads).where(eq(loads.id, loadId));
    expect(load).toMatchObject({ statusId: loadStatusIds.scheduled, ticketId: null });
    const [truck] = await t.db.select().from(trucks).where(eq(trucks.id, truckId));
    expect(truck!.currentTicketId).toBeNull();

    // The dispatch's own loadUpdate_v1 may still be arriving: wait for the one the void sent.
    await events.next('loadUpdate_v1', (event) => {
      const data = event.data as { id: number; ticketId: number | null; statusId: number };
      return (
        data.id === loadId && data.ticketId === null && data.statusId === loadStatusIds.scheduled
      );
    });
    const modified = await events.next('ticketModifiedNotification_v1');
    expect(modified.data).toEqual({ ticketId: ticket.id, modifiedBy: 'office' });
    const [audit] = await t.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.resource, 'tickets'), eq(auditTrail.recordId, String(ticket.id))));
    expect(audit).toMatchObject({
      username: 'office',
      action: 'void',
      after: {
        reason: 'Wrong mix keyed',
        voidStatusId: voidStatusIds.entryError,
        statusId: ticketStatusIds.voided,
      },
    });

    // The load goes out again on a new ticket; the voided number is not reused.
    const again = await addTruck(t.db, {
      plantId: world.plants.concrete,
      number: `V${++truckCount}`,
    });
    const redispatch = await call('POST', `/api/v1/loads/${loadId}/dispatch`, 'office', {
      truckId: again,
    });
    expect(redispatch.statusCode, redispatch.body).toBe(200);
    expect(redispatch.json<Dispatched>().ticket.number).toBeGreaterThan(ticket.number);

    const twice = await voidIt(ticket.id, { ...body, version: 3 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ErrorAnswer>().message).toBe(`Ticket ${ticket.number} is already void.`);
  });

  it("R-DELIV-4: takes a delivered ticket's quantity back out and puts its load back to scheduled", async () => {
    const { loadId, truckId, ticket, order } = await dispatched();
    for (const statusId of [truckStatusIds.toJob, truckStatusIds.onJob, truckStatusIds.washing]) {
      const moved = await call('PUT', `/api/v1/trucks/${truckId}/status`, 'office', { statusId });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const deliveredOf = async () => {
      const [line] = await t.db
        .select({ delivered: scheduleProducts.deliveredQuantity })
        .from(scheduleProducts)
        .where(
          and(
            eq(scheduleProducts.scheduleId, order.scheduleId),
            eq(scheduleProducts.primaryFlag, true),
          ),
        );
      return line!.delivered;
    };
    expect(await deliveredOf()).toBe(10);
    const [delivered] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(delivered!.statusId).toBe(ticketStatusIds.delivered);
    const response = await voidIt(ticket.id, {
      ...body,
      version: delivered!.version,
      voidStatusId: voidStatusIds.loadRejected,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [load] = await t.db.select().from(loads).where(eq(loads.id, loadId));
    expect(load).toMatchObject({ statusId: loadStatusIds.scheduled, ticketId: null });
    expect(await deliveredOf()).toBe(0);
    const lines = await t.db
      .select({ delivered: ticketProducts.deliveredQuantity })
      .from(ticketProducts)
      .where(eq(ticketProducts.ticketId, ticket.id));
    expect(lines.every((line) => line.delivered === 0)).toBe(true);
    await events.next('loadUpdate_v1', (event) => (event.data as { id: number }).id === loadId);
    await events.next(
      'orderUpdate_v1',
      (event) => (event.data as { id: number }).id === order.orderId,
    );
  });

  it('refuses an invoiced ticket, and sends nothing', async () => {
    const { ticket } = await dispatched();
    const [invoice] = await t.db
      .insert(invoices)
      .values({
        number: 9001,
        customerId: world.customerId,
        customerName: 'Acme Builders',
        invoiceDate: '2026-03-10',
      })
      .returning({ id: invoices.id });
    await t.db.update(tickets).set({ invoiceId: invoice!.id }).where(eq(tickets.id, ticket.id));
    await settle();
    events.clear();
    const response = await voidIt(ticket.id, body);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorAnswer>().code).toBe('ticket_invoiced');
    expect(response.json<ErrorAnswer>().message).toContain('9001');
    await settle();
    expect(events.events).toEqual([]);
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ voidStatusId: null, statusId: ticketStatusIds.open });
  });

  it('answers 400 naming the field, 404, 403 and a stale version', async () => {
    const { ticket } = await dispatched();
    const noReason = await voidIt(ticket.id, { ...body, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<ErrorAnswer>().message).toContain('reason');
    const unknownStatus = await voidIt(ticket.id, { ...body, voidStatusId: 999 });
    expect(unknownStatus.statusCode).toBe(400);
    expect(unknownStatus.json<ErrorAnswer>().data).toEqual([
      { field: 'voidStatusId', reason: 'refers to a record that does not exist' },
    ]);
    expect((await voidIt(999_999, body)).statusCode).toBe(404);
    expect((await voidIt(ticket.id, body, 'reader')).statusCode).toBe(403);
    const stale = await voidIt(ticket.id, { ...body, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorAnswer>().code).toBe('stale_version');
  });
});
