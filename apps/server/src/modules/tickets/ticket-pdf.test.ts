/**
 * R-DISP-9, R-DISP-10: GET /api/v1/tickets/{id}/pdf (and /ticket.pdf) for each system type: a PDF
 * with the ticket's number, the order's cumulative quantity, prices and the COD amount only for
 * callers who see prices. One sample per system type is left in the temp folder for pdftoppm.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { voidStatusIds } from '../../db/seed/reference-ids';
import { addUsers } from '../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-tenancy';
import { letterheadOf } from '../invoices/invoice-pdf';
import {
  addOrder,
  addTruck,
  buildDispatchWorld,
  type DispatchWorld,
} from '../loads/dispatch-fixtures';
import { ticketContent } from './ticket-pdf';
import { ticketPrintOf } from './ticket-print.service';

type Dispatched = { ticket: { id: number; number: number } };

const all = [1001, 1002, 1003] as const;
const samples = join(tmpdir(), 'dispatch-ticket-pdf-samples');

describe.each(databaseKinds)('delivery ticket PDF on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'dispatcher');
  let trucksAdded = 0;
  const dispatch = async (loadId: number, plantId: number) => {
    const truckId = await addTruck(t.db, { plantId, number: String(100 + ++trucksAdded) });
    const response = await call('POST', `/api/v1/loads/${loadId}/dispatch`, 'dispatcher', {
      truckId,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Dispatched>().ticket;
  };
  const printOf = async (id: number) =>
    (await ticketPrintOf(t.db, { id, allowedSystemTypeIds: [1, 2, 3] }))!;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date('2026-03-10T13:05:00Z');
    world = await buildDispatchWorld(t.db);
    await addUsers(t, tokens, [
      ['dispatcher', [...all], { 51001: 5 }],
      ['noPrices', [...all], { 51001: 4 }],
      ['stranger', [...all], {}],
    ]);
  });
  afterAll(() => t.close());

  it('prints a concrete ticket with its mix, water, cumulative quantity and COD amount', async () => {
    const order = await addOrder(t.db, world, {
      systemTypeId: 1,
      loadSizes: [10, 10, 8],
      customerId: world.codCustomerId,
      ticketNotes: 'Pump on site; call 15 minutes out.',
    });
    await dispatch(order.loadIds[0]!, world.plants.concrete);
    t.clock.advance(20 * 60_000);
    const ticket = await dispatch(order.loadIds[1]!, world.plants.concrete);
    const response = await call('GET', `/api/v1/tickets/${ticket.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.toString('latin1')).toContain(`Delivery ticket ${ticket.number}`);
    const named = await call('GET', `/api/v1/tickets/${ticket.id}/ticket.pdf`);
    expect(named.statusCode).toBe(200);

    const print = await printOf(ticket.id);
    expect(print).toMatchObject({
      number: ticket.number,
      systemTypeId: 1,
      loadNumber: 2,
      truckNumber: String(100 + trucksAdded),
      maxAllowableWaterGallons: 15,
      codAmount: 1526.79,
      job: { number: 'J-318', site: 'Hill residence: driveway and patio' },
      mix: { strength: 4000, slump: 5 },
    });
    expect(print.plant.lines).toEqual(['100 Quarry Road', 'Springfield, IL 62701']);
    // Two 10 yd loads delivered to date of the 28 ordered.
    expect(print.lines[0]).toMatchObject({
      quantity: 10,
      cumulativeQuantity: 20,
      orderedQuantity: 28,
    });
    writeSample('concrete', response.rawPayload);
  });

  it('hides prices and the COD amount from a caller whose level hides them (R-PERM-6)', async () => {
    const order = await addOrder(t.db, world, {
      systemTypeId: 1,
      loadSizes: [10],
      customerId: world.codCustomerId,
    });
    const ticket = await dispatch(order.loadIds[0]!, world.plants.concrete);
    const print = await printOf(ticket.id);
    const letterhead = await letterheadOf(t.db);
    const shown = JSON.stringify(ticketContent(print, letterhead, { hidePrices: false }));
    const hidden = JSON.stringify(ticketContent(print, letterhead, { hidePrices: true }));
    expect(shown).toContain('150.00');
    expect(shown).toContain('CASH ON DELIVERY');
    expect(hidden).not.toContain('150.00');
    expect(hidden).not.toContain('CASH ON DELIVERY');
    const response = await call('GET', `/api/v1/tickets/${ticket.id}/pdf`, 'noPrices');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('prints aggregate weights and block cubes, and a voided ticket as void', async () => {
    const stone = await addOrder(t.db, world, { systemTypeId: 2, loadSizes: [22.5, 22.5] });
    const pitTicket = await dispatch(stone.loadIds[0]!, world.plants.aggregate);
    await t.db
      .update(tickets)
      .set({ grossWeight: 71_240, tareWeight: 26_240, netWeight: 45_000 })
      .where(eq(tickets.id, pitTicket.id));
    const aggregate = await call('GET', `/api/v1/tickets/${pitTicket.id}/pdf`);
    expect(aggregate.rawPayload.toString('latin1')).toContain(
      `Delivery ticket ${pitTicket.number}`,
    );
    expect(await printOf(pitTicket.id)).toMatchObject({
      systemTypeId: 2,
      netWeight: 45_000,
      mix: null,
    });
    writeSample('aggregate', aggregate.rawPayload);

    const blocks = await addOrder(t.db, world, { systemTypeId: 3, loadSizes: [540, 540] });
    // Block plants number no tickets of their own; their loads go on a ticket written by hand.
    const blockTicket = await t.db
      .insert(tickets)
      .values({
        number: 5001,
        orderId: blocks.orderId,
        scheduleId: blocks.scheduleId,
        plantId: world.plants.block,
        truckNumber: 'F9',
        loadNumber: 1,
        statusId: 1,
        ticketDateTime: t.clock.now,
        batchDateTime: t.clock.now,
      })
      .returning({ id: tickets.id });
    await t.db.insert(ticketProducts).values({
      ticketId: blockTicket[0]!.id,
      productId: world.products.block,
      quantity: 540,
      price: 2.15,
      unitOfMeasure: 5,
    });
    const block = await call('GET', `/api/v1/tickets/${blockTicket[0]!.id}/pdf`);
    expect(block.statusCode).toBe(200);
    expect(block.rawPayload.toString('latin1')).toContain('Delivery ticket 5001');
    const blockPrint = await printOf(blockTicket[0]!.id);
    expect(blockPrint.lines[0]).toMatchObject({
      quantity: 540,
      unitsPerCube: 90,
      orderedQuantity: 1080,
    });
    writeSample('block', block.rawPayload);

    const voided = await call('POST', `/api/v1/tickets/${pitTicket.id}/void`, 'dispatcher', {
      version: 2,
      voidStatusId: voidStatusIds.duplicate,
      reason: 'Printed twice',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await printOf(pitTicket.id)).voidStatus).toBe('Duplicate ticket');
  });

  it('answers 404 for an unknown ticket and 403 without a ticket form', async () => {
    expect((await call('GET', '/api/v1/tickets/999999/pdf')).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/tickets/1/pdf', 'stranger')).statusCode).toBe(403);
  });

  function writeSample(system: string, pdf: Buffer): void {
    if (kind !== 'pglite') return;
    mkdirSync(samples, { recursive: true });
    writeFileSync(join(samples, `ticket-pdf-${system}.pdf`), pdf);
  }
});
