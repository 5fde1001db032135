/**
 * R-TEDIT-1..9 on each engine: searching tickets, a ticket's edit detail with its history, editing
 * one with a reason (stale, void and invoiced refused), the batch edit's preview and its all or
 * nothing apply, ticket times refused out of order, the audit rows, events and price hiding.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TicketBatchOutcome, TicketEditDetail } from '@dispatch/domain/tickets/ticket-edits';
import { auditTrail } from '../../db/schema/audit';
import { invoices } from '../../db/schema/billing';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { ticketStatusIds, voidStatusIds } from '../../db/reference-ids';
import { listenToDispatch, settle, type DispatchListener } from '../../../test/dispatch-listener';
import { addUsers, type ErrorAnswer } from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import {
  addDispatchedOrder,
  buildDispatchWorld,
  type DispatchWorld,
} from '../../../test/dispatch-fixtures';

type Envelope<T> = { data: T[]; count?: number; totalCount?: number };

const all = [1001, 1002, 1003];

describe.each(databaseKinds)('ticket edits on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'office');
  let truckCount = 0;

  const dispatched = () =>
    addDispatchedOrder(t.db, call, world, { loadSizes: [10, 8], truckNumber: `E${++truckCount}` });
  const detail = async (id: number, who = 'office') => {
    const response = await call('GET', `/api/v1/tickets/${id}/detail`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TicketEditDetail>();
  };
  const auditRows = (id: number) =>
    t.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.resource, 'tickets'), eq(auditTrail.recordId, String(id))));
  const invoice = async (ticketId: number, number: number) => {
    const [row] = await t.db
      .insert(invoices)
      .values({
        number,
        customerId: world.customerId,
        customerName: 'Acme',
        invoiceDate: '2026-03-10',
      })
      .returning({ id: invoices.id });
    await t.db.update(tickets).set({ invoiceId: row!.id }).where(eq(tickets.id, ticketId));
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date('2026-03-10T14:00:00Z');
    world = await buildDispatchWorld(t.db);
    await addUsers(t, tokens, [
      ['office', all, { 51001: 5, 51201: 5, 51202: 5, 51008: 5 }],
      ['maria', all, { 51201: 5, 51202: 5, 51008: 5 }],
      ['reader', all, { 51201: 3, 51202: 3, 51008: 3 }],
      ['noprices', all, { 51201: 4, 51202: 4 }],
      ['outsider', all, { 51001: 5 }],
    ]);
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events.stop();
    await t.close();
  });
  beforeEach(() => events.clear());

  it('finds tickets by number, order, customer, truck, plant and day; 401 and 403', async () => {
    const { order, ticket } = await dispatched();
    const search = async (query: string, who = 'office') => {
      const response = await call('GET', `/api/v1/tickets/search?${query}`, who);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Envelope<{ id: number; number: number; price?: number | null }>>().data;
    };
    expect((await search(`number=${ticket.number}`)).map((row) => row.id)).toEqual([ticket.id]);
    expect((await search(`orderNumber=${order.orderNumber}`)).map((row) => row.id)).toEqual([
      ticket.id,
    ]);
    expect((await search('customer=acme')).map((row) => row.id)).toContain(ticket.id);
    expect((await search(`truck=E${truckCount}`)).map((row) => row.id)).toEqual([ticket.id]);
    expect((await search(`plantId=${world.plants.aggregate}`)).map((row) => row.id)).toEqual([]);
    expect((await search('dateFrom=2026-03-10&dateTo=2026-03-10')).map((r) => r.id)).toContain(
      ticket.id,
    );
    expect(await search('dateFrom=2026-03-11')).toEqual([]);
    // A level that hides prices gets none.
    const [hidden] = await search(`number=${ticket.number}`, 'noprices');
    expect(hidden).not.toHaveProperty('price');

    const bad = await call('GET', '/api/v1/tickets/search?dateFrom=2026-03-11&dateTo=2026-03-10');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorAnswer>().message).toContain('dateTo');
    expect((await call('GET', '/api/v1/tickets/search', 'outsider')).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/tickets/search' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('edits a ticket with a reason: audited field by field, announced, in the history', async () => {
    const { ticket } = await dispatched();
    const before = await detail(ticket.id);
    expect(before).toMatchObject({ id: ticket.id, number: ticket.number, jobId: world.jobId });
    const line = before.lines[0]!;
    const response = await call('PUT', `/api/v1/tickets/${ticket.id}`, 'office', {
      version: before.version,
      reason: 'Customer gave the right PO',
      customerPoNumber: 'PO-777',
      notes: 'Gate code 4411',
      products: [{ id: line.id, quantity: 9.5, price: 131.25, productId: world.products.fibre }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<TicketEditDetail>();
    expect(after).toMatchObject({
      version: before.version + 1,
      customerPoNumber: 'PO-777',
      notes: 'Gate code 4411',
      quantity: 9.5,
      price: 131.25,
      productId: world.products.fibre,
      modifiedBy: 'office',
    });
    const [entry] = after.history;
    expect(entry).toMatchObject({
      username: 'office',
      action: 'updated',
      reason: 'Customer gave the right PO',
    });
    expect(entry!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'customerPoNumber', after: 'PO-777' }),
        expect.objectContaining({ field: 'quantity', before: line.quantity, after: 9.5 }),
        expect.objectContaining({ field: 'price', before: line.price, after: 131.25 }),
        expect.objectContaining({ field: 'productId', after: world.products.fibre }),
      ]),
    );
    const [audit] = await auditRows(ticket.id);
    expect(audit).toMatchObject({ username: 'office', action: 'updated' });
    expect(audit!.after).toMatchObject({ reason: 'Customer gave the right PO' });
    const modified = await events.next('ticketModifiedNotification_v1');
    expect(modified.data).toEqual({ ticketId: ticket.id, modifiedBy: 'office' });
    const update = await events.next(
      'ticketUpdate_v1',
      (e) => (e.data as { id: number }).id === ticket.id,
    );
    expect(update.data).toMatchObject({ id: ticket.id, plantId: world.plants.concrete });

    // Prices hidden from a level that hides them, in the history too.
    const noPrices = await detail(ticket.id, 'noprices');
    expect(noPrices.lines[0]).not.toHaveProperty('price');
    expect(noPrices.history[0]!.changes.map((change) => change.field)).not.toContain('price');
  });

  it('answers 409 naming who changed it and when, 400 naming the field, 403 by level', async () => {
    const { ticket } = await dispatched();
    const opened = await detail(ticket.id);
    t.clock.now = new Date('2026-03-10T14:05:00Z');
    const first = await call('PUT', `/api/v1/tickets/${ticket.id}`, 'maria', {
      version: opened.version,
      reason: 'Truck swapped',
      notes: 'x',
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await call('PUT', `/api/v1/tickets/${ticket.id}`, 'office', {
      version: opened.version,
      reason: 'Mine',
      notes: 'y',
    });
    expect(stale.statusCode).toBe(409);
    const staleAnswer = stale.json<ErrorAnswer<{ modifiedBy: string }>>();
    expect(staleAnswer.code).toBe('stale_version');
    expect(staleAnswer.message).toContain('maria');
    expect(staleAnswer.data.modifiedBy).toBe('maria');

    const version = opened.version + 1;
    const noReason = await call('PUT', `/api/v1/tickets/${ticket.id}`, 'office', {
      version,
      notes: 'z',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<ErrorAnswer>().data).toEqual([
      expect.objectContaining({ field: 'reason' }),
    ]);
    const wrongLine = await call('PUT', `/api/v1/tickets/${ticket.id}`, 'office', {
      version,
      reason: 'x',
      products: [{ id: 999_999, quantity: 1 }],
    });
    expect(wrongLine.statusCode).toBe(400);
    expect(wrongLine.json<ErrorAnswer>().data).toEqual([
      { field: 'products[0].id', reason: `is not a product line of ticket ${ticket.number}` },
    ]);
    const noJob = await call('PUT', `/api/v1/tickets/${ticket.id}`, 'office', {
      version,
      reason: 'x',
      jobId: 999_999,
    });
    expect(noJob.statusCode).toBe(400);
    expect(noJob.json<ErrorAnswer>().data).toEqual([
      { field: 'jobId', reason: 'names no job (999999)' },
    ]);
    expect(
      (await call('PUT', `/api/v1/tickets/${ticket.id}`, 'reader', { version, reason: 'x' }))
        .statusCode,
    ).toBe(403);
    const priceWithout = await call('PUT', `/api/v1/tickets/${ticket.id}`, 'noprices', {
      version,
      reason: 'x',
      products: [{ id: opened.lines[0]!.id, price: 1 }],
    });
    expect(priceWithout.statusCode).toBe(403);
    expect(await auditRows(ticket.id)).toHaveLength(1);
  });

  it('refuses an invoiced or void ticket with 409, writing nothing', async () => {
    const { ticket } = await dispatched();
    const opened = await detail(ticket.id);
    await invoice(ticket.id, 7001);
    await settle();
    events.clear();
    const invoiced = await call('PUT', `/api/v1/tickets/${ticket.id}`, 'office', {
      version: opened.version,
      reason: 'x',
      notes: 'y',
    });
    expect(invoiced.statusCode).toBe(409);
    expect(invoiced.json<ErrorAnswer>().code).toBe('ticket_invoiced');
    expect(invoiced.json<ErrorAnswer>().message).toContain('7001');
    await settle();
    expect(events.events).toEqual([]);

    const other = await dispatched();
    const voided = await call('POST', `/api/v1/tickets/${other.ticket.id}/void`, 'office', {
      version: 2,
      voidStatusId: voidStatusIds.duplicate,
      reason: 'Keyed twice',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    // R-TEDIT-9: the void reason is kept on the ticket.
    expect(voided.json<{ voidReason: string }>().voidReason).toBe('Keyed twice');
    const afterVoid = await detail(other.ticket.id);
    expect(afterVoid).toMatchObject({ voidedFlag: true, voidReason: 'Keyed twice' });
    expect(afterVoid.history[0]).toMatchObject({ action: 'void', reason: 'Keyed twice' });
    const edit = await call('PUT', `/api/v1/tickets/${other.ticket.id}`, 'office', {
      version: afterVoid.version,
      reason: 'x',
      statusId: ticketStatusIds.open,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<ErrorAnswer>().message).toBe(
      `Ticket ${other.ticket.number} is void and can no longer be changed.`,
    );
  });

  it('previews a batch without writing, then applies it in one transaction', async () => {
    const three = [await dispatched(), await dispatched(), await dispatched()];
    const opened = await Promise.all(three.map(({ ticket }) => detail(ticket.id)));
    const changes = opened.map((row, index) => ({
      ticketId: row.id,
      version: row.version,
      price: 140 + index,
      customerPoNumber: `BATCH-${index}`,
    }));
    await settle();
    events.clear();
    const preview = await call('POST', '/api/v1/tickets/batch-edit', 'office', {
      changes,
      reason: 'March price list',
      preview: true,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const previewed = preview.json<TicketBatchOutcome>();
    expect(previewed.preview).toBe(true);
    expect(previewed.tickets.map((row) => row.ticketId)).toEqual(opened.map((row) => row.id));
    expect(previewed.tickets[1]!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'price', before: opened[1]!.price, after: 141 }),
        expect.objectContaining({ field: 'customerPoNumber', after: 'BATCH-1' }),
      ]),
    );
    await settle();
    expect(events.events).toEqual([]);
    expect(await auditRows(opened[0]!.id)).toHaveLength(0);
    expect((await detail(opened[0]!.id)).price).toBe(opened[0]!.price);

    const applied = await call('POST', '/api/v1/tickets/batch-edit', 'office', {
      changes,
      reason: 'March price list',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    for (const [index, row] of opened.entries()) {
      const now = await detail(row.id);
      expect(now).toMatchObject({ price: 140 + index, customerPoNumber: `BATCH-${index}` });
      expect(now.history[0]).toMatchObject({ action: 'batchEdited', reason: 'March price list' });
    }
    await events.next(
      'ticketModifiedNotification_v1',
      (e) => (e.data as { ticketId: number }).ticketId === opened[2]!.id,
    );
  });

  it('refuses the whole batch for one stale or invoiced ticket, naming it', async () => {
    const two = [await dispatched(), await dispatched()];
    const opened = await Promise.all(two.map(({ ticket }) => detail(ticket.id)));
    const changes = opened.map((row) => ({ ticketId: row.id, version: row.version, quantity: 7 }));
    const stale = await call('POST', '/api/v1/tickets/batch-edit', 'office', {
      changes: [changes[0], { ...changes[1], version: 1 }],
      reason: 'x',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorAnswer>().message).toContain(`Ticket ${opened[1]!.number}`);
    await invoice(opened[1]!.id, 7002);
    const invoiced = await call('POST', '/api/v1/tickets/batch-edit', 'office', {
      changes,
      reason: 'x',
    });
    expect(invoiced.statusCode).toBe(409);
    expect(invoiced.json<ErrorAnswer>().message).toContain(String(opened[1]!.number));
    // Nothing of the batch was written.
    const [line] = await t.db
      .select()
      .from(ticketProducts)
      .where(eq(ticketProducts.ticketId, opened[0]!.id));
    expect(line!.quantity).toBe(opened[0]!.quantity);
    const noProduct = await call('POST', '/api/v1/tickets/batch-edit', 'office', {
      changes: [{ ...changes[0], productId: 999_999 }],
      reason: 'x',
    });
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json<ErrorAnswer>().data).toEqual([
      { field: 'changes[0].products[0].productId', reason: 'names no product (999999)' },
    ]);
    const twice = await call('POST', '/api/v1/tickets/batch-edit', 'office', {
      changes: [changes[0], changes[0]],
      reason: 'x',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<ErrorAnswer>().message).toContain('changes');
    expect(
      (
        await call('POST', '/api/v1/tickets/batch-edit', 'reader', {
          changes,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses ticket times out of order naming both, and saves them in order', async () => {
    const { ticket } = await dispatched();
    const opened = await detail(ticket.id);
    const at = (hhmm: string) => `2026-03-10T${hhmm}:00.000Z`;
    const times = (body: Record<string, string | null>, who = 'office', version = opened.version) =>
      call('PUT', `/api/v1/tickets/${ticket.id}/times`, who, {
        version,
        reason: 'Driver log',
        times: body,
      });
    const wrong = await times({
      loadedDateTime: at('14:10'),
      toJobDateTime: at('14:40'),
      onJobDateTime: at('14:15'),
    });
    expect(wrong.statusCode).toBe(400);
    const problem = wrong.json<ErrorAnswer>();
    expect(problem.message).toBe('times.onJobDateTime: On job 14:15 is before To job 14:40');
    expect(problem.data).toEqual([
      { field: 'times.onJobDateTime', reason: 'On job 14:15 is before To job 14:40' },
      { field: 'times.toJobDateTime', reason: 'On job 14:15 is before To job 14:40' },
    ]);
    expect((await times({ onJobDateTime: 'later' })).statusCode).toBe(400);
    expect((await times({ onJobDateTime: at('14:50') }, 'reader')).statusCode).toBe(403);

    const right = await times({
      loadedDateTime: at('14:10'),
      toJobDateTime: at('14:40'),
      onJobDateTime: at('14:55'),
    });
    expect(right.statusCode, right.body).toBe(200);
    const saved = right.json<TicketEditDetail>();
    expect(saved).toMatchObject({
      loadedDateTime: at('14:10'),
      toJobDateTime: at('14:40'),
      onJobDateTime: at('14:55'),
      version: opened.version + 1,
    });
    expect(saved.history[0]).toMatchObject({ action: 'timesEdited', reason: 'Driver log' });
    expect(saved.history[0]!.changes).toEqual(
      expect.arrayContaining([{ field: 'onJobDateTime', before: null, after: at('14:55') }]),
    );
    await events.next('ticketModifiedNotification_v1');
    expect((await times({ onJobDateTime: at('15:00') })).statusCode).toBe(409);
  });
});
