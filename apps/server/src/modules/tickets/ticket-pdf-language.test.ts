/**
 * Issue 25, item 4: a delivery ticket is printed in its customer's language. A Spanish customer's
 * concrete and aggregate tickets read every heading, label and sentence in Spanish, with Spanish
 * numbers and dates, from the PDF route and from the printer's worker thread alike; an English
 * customer's stay English. The Spanish concrete ticket is left in the temp folder for pdftoppm.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '@dispatch/domain/units';
import { ticketBatchWeights } from '../../db/schema/batching';
import { customers } from '../../db/schema/customers';
import { rawMaterials } from '../../db/schema/products';
import { tickets } from '../../db/schema/tickets';
import { addUsers } from '../../../test/order-fixtures';
import { pdfTextOf } from '../../../test/pdf-text-of';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import {
  addOrder,
  addTruck,
  buildDispatchWorld,
  type DispatchWorld,
} from '../../../test/dispatch-fixtures';
import { letterheadOf } from '../../pdf/letterhead';
import { renderTicketPdfOffThread } from './ticket-pdf-thread';
import { ticketPrintOf } from './ticket-print.service';

const all = [1001, 1002, 1003] as const;
const samples = join(tmpdir(), 'dispatch-ticket-pdf-samples');

describe.each(databaseKinds)('delivery ticket PDF in the customer’s language on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'dispatcher');
  let trucksAdded = 0;
  const dispatch = async (loadId: number, plantId: number) => {
    const truckId = await addTruck(t.db, { plantId, number: String(300 + ++trucksAdded) });
    const response = await call('POST', `/api/v1/loads/${loadId}/dispatch`, 'dispatcher', {
      truckId,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ ticket: { id: number; number: number } }>().ticket;
  };
  const pdfText = async (ticketId: number) => {
    const response = await call('GET', `/api/v1/tickets/${ticketId}/ticket.pdf`);
    expect(response.statusCode).toBe(200);
    return { pdf: response.rawPayload, text: pdfTextOf(response.rawPayload) };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date('2026-03-10T13:05:00Z');
    world = await buildDispatchWorld(t.db);
    await addUsers(t, tokens, [['dispatcher', [...all], { 51001: 5 }]]);
    // The cash customer's office reads Spanish; Acme's stays English.
    await t.db
      .update(customers)
      .set({ language: 'es' })
      .where(eq(customers.id, world.codCustomerId));
  });
  afterAll(() => t.close());

  it('prints a Spanish customer’s concrete ticket in Spanish, numbers and dates included', async () => {
    const order = await addOrder(t.db, world, {
      systemTypeId: 1,
      loadSizes: [10, 10],
      customerId: world.codCustomerId,
    });
    const ticket = await dispatch(order.loadIds[0]!, world.plants.concrete);
    const [cement] = await t.db
      .insert(rawMaterials)
      .values({ code: 'CEM1', description: 'Type I/II cement', unitOfMeasureId: units.pounds })
      .returning({ id: rawMaterials.id });
    await t.db.insert(ticketBatchWeights).values({
      ticketId: ticket.id,
      rawMaterialId: cement!.id,
      sequence: 0,
      targetQuantity: 5640,
      batchedQuantity: 5510,
      unitOfMeasureId: units.pounds,
    });

    const { pdf, text } = await pdfText(ticket.id);
    for (const spanish of [
      'BOLETA DE ENTREGA DE CONCRETO',
      `N.º ${ticket.number}`,
      '10 mar 2026',
      'CLIENTE',
      'Cliente n.º C200',
      'Pedido',
      'OC PO-4471',
      'ENTREGAR EN (OBRA)',
      'CAMIÓN',
      'CONDUCTOR',
      'CARGA',
      'PLANTA',
      'HORA DE CARGA',
      'Producto',
      'Mezcla / descripción',
      'Esta carga',
      'Rev.',
      'REVENIMIENTO',
      'Entregado a la fecha',
      'Precio',
      'Importe',
      // 10 yd at 150.00 with the decimal comma; Spanish groups thousands from five digits on.
      '150,00',
      '1500,00',
      'Subtotal',
      'Impuesto (0 %)',
      'Total',
      'PESOS DOSIFICADOS',
      'Objetivo',
      'Real',
      'Desviación',
      '5640',
      '-2,3 %',
      'DISEÑO DE MEZCLA',
      'RESISTENCIA',
      'AGUA AÑADIDA EN OBRA',
      'MÁXIMO DE AGUA A AÑADIR',
      'PAGO CONTRA ENTREGA: COBRAR ANTES DE DESCARGAR',
      'COMENTARIOS',
      'Recibido por (firma)',
      'Nombre en letra de molde',
      'Hora',
      `Boleta de entrega ${ticket.number} · página 1 de 1`,
    ]) {
      expect(text).toContain(spanish);
    }
    for (const english of [
      'DELIVERY TICKET',
      'CUSTOMER',
      'Delivered to date',
      'This load',
      'Amount',
      'Tax (',
      'BATCHED WEIGHTS',
      'CASH ON DELIVERY',
      'Received by',
      'page 1 of 1',
      '1,500.00',
    ]) {
      expect(text).not.toContain(english);
    }
    expect(pdf.toString('latin1')).toContain(`Boleta de entrega ${ticket.number}`);
    writeSample('es', pdf);
  });

  it('prints a Spanish customer’s aggregate ticket with its weights in Spanish', async () => {
    const stone = await addOrder(t.db, world, {
      systemTypeId: 2,
      loadSizes: [22.5],
      customerId: world.codCustomerId,
    });
    const ticket = await dispatch(stone.loadIds[0]!, world.plants.aggregate);
    await t.db
      .update(tickets)
      .set({ grossWeight: 71_240, tareWeight: 26_240, netWeight: 45_000, billOfLadingNumber: 3107 })
      .where(eq(tickets.id, ticket.id));
    const { pdf, text } = await pdfText(ticket.id);
    for (const spanish of [
      'BOLETA DE ENTREGA DE AGREGADOS',
      'BRUTO',
      '71.240 lb',
      'TARA',
      'NETO',
      '45.000 lb',
      'CONOCIMIENTO DE EMBARQUE',
      '22,5',
    ]) {
      expect(text).toContain(spanish);
    }
    expect(text).not.toMatch(/GROSS|TARE|BILL OF LADING/);
    writeSample('es-aggregate', pdf);
  });

  it('prints the same Spanish ticket for a printer, laid out on the worker thread', async () => {
    const order = await addOrder(t.db, world, {
      systemTypeId: 1,
      loadSizes: [8],
      customerId: world.codCustomerId,
    });
    const ticket = await dispatch(order.loadIds[0]!, world.plants.concrete);
    const print = await ticketPrintOf(t.db, { id: ticket.id, allowedSystemTypeIds: [1, 2, 3] });
    expect(print!.customer.language).toBe('es');
    const text = pdfTextOf(
      await renderTicketPdfOffThread(print!, await letterheadOf(t.db), { hidePrices: true }),
    );
    expect(text).toContain('BOLETA DE ENTREGA DE CONCRETO');
    expect(text).toContain('Recibido por (firma)');
    // Prices hidden: neither the money columns nor the cash-on-delivery box, in either language.
    expect(text).not.toMatch(/Importe|PAGO CONTRA ENTREGA|Amount/);
  });

  it('keeps an English customer’s ticket in English', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [10] });
    const ticket = await dispatch(order.loadIds[0]!, world.plants.concrete);
    const { text } = await pdfText(ticket.id);
    for (const english of [
      'CONCRETE DELIVERY TICKET',
      `No. ${ticket.number}`,
      'Mar 10, 2026',
      'Customer no. C100',
      'DELIVER TO (JOB)',
      'Delivered to date',
      '1,500.00',
      'Received by (signature)',
      `Delivery ticket ${ticket.number} · page 1 of 1`,
    ]) {
      expect(text).toContain(english);
    }
    expect(text).not.toMatch(/BOLETA|Cliente|Recibido|1\.500,00/);
  });

  function writeSample(language: string, pdf: Buffer): void {
    if (kind !== 'pglite') return;
    mkdirSync(samples, { recursive: true });
    writeFileSync(join(samples, `ticket-pdf-${language}.pdf`), pdf);
  }
});
