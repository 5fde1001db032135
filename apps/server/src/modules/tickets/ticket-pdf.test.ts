/**
 * R-DISP-9, R-DISP-10, R-DISP-11: GET /api/v1/tickets/{id}/pdf (and /ticket.pdf) for each system type: a PDF
 * with the ticket's number, the order's cumulative quantity, prices, totals (R-TENT-7) and the COD
 * amount only for callers who see prices, concrete's batched weights (R-BATCH-6), the ticket's own
 * job and PO (R-TEDIT-2) and a void's status and reason (R-TEDIT-9). One sample per system type
 * is left in the temp folder for pdftoppm.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineAmount } from '@dispatch/domain/pricing/order-pricing';
import { units } from '@dispatch/domain/units';
import { ticketBatchWeights } from '../../db/schema/batching';
import { jobs } from '../../db/schema/jobs';
import { taxLevels, taxScheduleLevels, taxSchedules } from '../../db/schema/lookups';
import { rawMaterials } from '../../db/schema/products';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { voidStatusIds } from '../../db/reference-ids';
import { addUsers } from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { money } from '../../pdf/pdf-text';
import { letterheadOf } from '../../pdf/letterhead';
import {
  addOrder,
  addTruck,
  buildDispatchWorld,
  type DispatchWorld,
} from '../../../test/dispatch-fixtures';
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

  it('prints a concrete ticket with its mix, batched weights, water, totals and COD amount', async () => {
    const order = await addOrder(t.db, world, {
      systemTypeId: 1,
      loadSizes: [10, 10, 8],
      customerId: world.codCustomerId,
      ticketNotes: 'Pump on site; call 15 minutes out.',
    });
    // The customer's jobs are taxed at 7.25 %, so the COD amount collects the tax too.
    await t.db.insert(taxLevels).values([
      { id: 9101, description: 'State', taxRate: 6.25 },
      { id: 9102, description: 'County', taxRate: 1 },
    ]);
    await t.db.insert(taxSchedules).values({ id: 9101, description: 'Sangamon County' });
    await t.db.insert(taxScheduleLevels).values([
      { taxScheduleId: 9101, taxLevelId: 9101 },
      { taxScheduleId: 9101, taxLevelId: 9102 },
    ]);
    await t.db.update(jobs).set({ taxScheduleId: 9101 }).where(eq(jobs.id, world.codJobId));
    await dispatch(order.loadIds[0]!, world.plants.concrete);
    t.clock.advance(20 * 60_000);
    const ticket = await dispatch(order.loadIds[1]!, world.plants.concrete);
    // What the batch panel reported for the load, per raw material of the mix.
    const materials = await t.db
      .insert(rawMaterials)
      .values([
        { code: 'CEM1', description: 'Type I/II cement', unitOfMeasureId: units.pounds },
        { code: 'SAND', description: 'Concrete sand', unitOfMeasureId: units.pounds },
        { code: 'ST57', description: '#57 stone', unitOfMeasureId: units.pounds },
        { code: 'H2O', description: 'Batch water', unitOfMeasureId: units.gallons },
      ])
      .returning({ id: rawMaterials.id, unit: rawMaterials.unitOfMeasureId });
    const weighed = [
      [5640, 5655],
      [13_200, 13_140],
      [18_500, 18_560],
      [305, 298],
    ] as const;
    await t.db.insert(ticketBatchWeights).values(
      materials.map((material, index) => ({
        ticketId: ticket.id,
        rawMaterialId: material.id,
        sequence: index,
        targetQuantity: weighed[index]![0],
        batchedQuantity: weighed[index]![1],
        unitOfMeasureId: material.unit,
      })),
    );
    // R-TEDIT-2: a clerk moved this load to another job of the customer, with its own PO.
    const [garage] = await t.db
      .insert(jobs)
      .values({
        customerId: world.codCustomerId,
        number: 'J-402',
        address1: '81 Orchard Lane',
        address2: 'Hill residence: garage slab',
        address3: 'Chatham',
        taxScheduleId: 9101,
      })
      .returning({ id: jobs.id });
    await t.db
      .update(tickets)
      .set({ jobId: garage!.id, customerPoNumber: 'PO-GARAGE-7' })
      .where(eq(tickets.id, ticket.id));

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
      job: { number: 'J-402', site: 'Hill residence: garage slab' },
      customerPoNumber: 'PO-GARAGE-7',
      mix: { strength: 4000, slump: 5 },
    });
    expect(print.batchWeights.map((line) => [line.code, line.target, line.batched])).toEqual([
      ['CEM1', 5640, 5655],
      ['SAND', 13_200, 13_140],
      ['ST57', 18_500, 18_560],
      ['H2O', 305, 298],
    ]);
    expect(print.batchWeights[3]!.unit).toBe('gal');
    // The load's lines, taxed at the job's 7.25 %; the COD amount is the whole of it.
    const subtotal = print.lines.reduce((sum, line) => sum + lineAmount(line), 0);
    const tax = Math.round(subtotal * 7.25) / 100;
    expect(print.totals).toMatchObject({ taxRate: 7.25, tax });
    expect(print.totals!.subtotal).toBeCloseTo(subtotal, 2);
    expect(print.totals!.total).toBeCloseTo(subtotal + tax, 2);
    expect(print.codAmount).toBe(print.totals!.total);
    const text = JSON.stringify(
      ticketContent(print, await letterheadOf(t.db), { hidePrices: false }),
    );
    for (const shown of [
      'BATCHED WEIGHTS',
      'Type I/II cement',
      '18,560',
      '-2.3 %',
      'PO-GARAGE-7',
    ]) {
      expect(text).toContain(shown);
    }
    expect(text).toContain('Tax (7.25 %)');
    expect(text).toContain(money(print.totals!.total));
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
    expect(shown).toContain('Subtotal');
    expect(hidden).not.toContain('150.00');
    expect(hidden).not.toContain('CASH ON DELIVERY');
    expect(hidden).not.toContain('Subtotal');
    const response = await call('GET', `/api/v1/tickets/${ticket.id}/pdf`, 'noPrices');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('prints aggregate weights with COD, a block return with its restocking charge, and a void', async () => {
    const stone = await addOrder(t.db, world, {
      systemTypeId: 2,
      loadSizes: [22.5, 22.5],
      customerId: world.codCustomerId,
    });
    const pitTicket = await dispatch(stone.loadIds[0]!, world.plants.aggregate);
    await t.db
      .update(tickets)
      .set({ grossWeight: 71_240, tareWeight: 26_240, netWeight: 45_000, billOfLadingNumber: 3107 })
      .where(eq(tickets.id, pitTicket.id));
    const aggregate = await call('GET', `/api/v1/tickets/${pitTicket.id}/pdf`);
    expect(aggregate.rawPayload.toString('latin1')).toContain(
      `Delivery ticket ${pitTicket.number}`,
    );
    const pitPrint = await printOf(pitTicket.id);
    expect(pitPrint).toMatchObject({
      systemTypeId: 2,
      netWeight: 45_000,
      billOfLadingNumber: 3107,
      mix: null,
      batchWeights: [],
      voidStatus: null,
    });
    // A COD-only customer pays the ticket's total, tax included, on delivery.
    expect(pitPrint.totals).toMatchObject({ subtotal: 22.5 * 150, taxRate: 7.25 });
    expect(pitPrint.codAmount).toBe(pitPrint.totals!.total);
    writeSample('aggregate', aggregate.rawPayload);

    const blocks = await addOrder(t.db, world, { systemTypeId: 3, loadSizes: [540, 540] });
    // Block plants number no tickets of their own; their loads go on a ticket written by hand.
    // This one brings a cube and 30 pieces back (R-TENT-6), with the customer's restocking charge.
    const blockTicket = await t.db
      .insert(tickets)
      .values({
        number: 5001,
        restockingCharge: 25,
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
      quantity: -120,
      price: 2.15,
      unitOfMeasure: 5,
    });
    const block = await call('GET', `/api/v1/tickets/${blockTicket[0]!.id}/pdf`);
    expect(block.statusCode).toBe(200);
    expect(block.rawPayload.toString('latin1')).toContain('Delivery ticket 5001');
    const blockPrint = await printOf(blockTicket[0]!.id);
    expect(blockPrint.lines[0]).toMatchObject({
      quantity: -120,
      unitsPerCube: 90,
      orderedQuantity: 1080,
    });
    // The return's credit, less the untaxed restocking charge.
    expect(blockPrint.totals).toMatchObject({ restockingCharge: 25, total: -120 * 2.15 + 25 });
    expect(
      JSON.stringify(ticketContent(blockPrint, await letterheadOf(t.db), { hidePrices: false })),
    ).toContain('Restocking charge');
    writeSample('block', block.rawPayload);

    const voided = await call('POST', `/api/v1/tickets/${pitTicket.id}/void`, 'dispatcher', {
      version: 2,
      voidStatusId: voidStatusIds.duplicate,
      reason: 'Printed twice',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const voidPrint = await printOf(pitTicket.id);
    expect(voidPrint).toMatchObject({
      voidStatus: 'Duplicate ticket',
      voidReason: 'Printed twice',
    });
    const voidText = JSON.stringify(
      ticketContent(voidPrint, await letterheadOf(t.db), { hidePrices: false }),
    );
    expect(voidText).toContain('Reason: Printed twice');
    const voidPdf = await call('GET', `/api/v1/tickets/${pitTicket.id}/pdf`);
    expect(voidPdf.statusCode).toBe(200);
    writeSample('void', voidPdf.rawPayload);
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
