/**
 * Issue 25, item 4: an invoice or credit note is printed in its customer's language. A Spanish
 * customer's invoice reads every heading, label and sentence in Spanish, with Spanish amounts and
 * dates (its terms, data, as their lookup row names them); an English customer's stays English
 * until the customer is set to Spanish, and then its next print is Spanish. The Spanish invoice is
 * left in the temp folder for pdftoppm.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerConcretePricing, customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { taxLevels, taxScheduleLevels, taxSchedules } from '../../db/schema/lookups';
import { orders } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import {
  orderTypeIds,
  reasonIds,
  shortLoadTypeIds,
  termsDiscountIds,
  ticketStatusIds,
} from '../../db/reference-ids';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { addUsers, type Json } from '../../../test/order-fixtures';
import { pdfTextOf } from '../../../test/pdf-text-of';
import { databaseKinds } from '../../../test/test-tenancy';
import { flagInvoiceForm } from './invoices.routes';

type Made = { id: number; number: number };
type Line = { productId: number; quantity: number; price: number };

const day = '2026-03-09';
const customerForm = 50101;
const samples = join(tmpdir(), 'dispatch-invoice-pdf-samples');

describe.each(databaseKinds)('invoice PDF in the customer’s language on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = callerOf(() => t, tokens, 'clerk');
  let ticketNumber = 700;

  /** A delivered concrete order of the customer, one ticket per list of lines. */
  const delivered = async (customer: string, ticketLines: Line[][]) => {
    const [order] = await t.db
      .insert(orders)
      .values({
        customerId: ids[customer]!,
        customerName: customer,
        customerPoNumber: '4471',
        jobId: ids[`${customer}Job`] ?? null,
        plantId: ids.north!,
        orderDate: day,
        shipDate: day,
        orderTypeId: orderTypeIds.concreteDelivery,
        reasonId: reasonIds.regular,
        systemTypeId: 1,
        imperialFlag: true,
        sourceTaxingType: 1,
        shortLoadTypeId: shortLoadTypeIds.none,
        freeShortLoadId: 1,
        printMaterialTypeId: 1,
        orderStatusId: 5,
      })
      .returning({ id: orders.id });
    const made: number[] = [];
    for (const lines of ticketLines) {
      ticketNumber += 1;
      const [ticket] = await t.db
        .insert(tickets)
        .values({
          number: ticketNumber,
          orderId: order!.id,
          plantId: ids.north!,
          statusId: ticketStatusIds.complete,
          ticketDateTime: new Date(`${day}T10:00:00`),
          truckNumber: 'T-12',
          loadNumber: made.length + 1,
        })
        .returning({ id: tickets.id });
      await t.db
        .insert(ticketProducts)
        .values(lines.map((line) => ({ ticketId: ticket!.id, ...line, unitOfMeasure: 1 })));
      made.push(ticket!.id);
    }
    const response = await call('POST', '/api/v1/invoices', 'clerk', {
      ticketIds: made,
      invoiceDate: day,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ invoices: Made[] }>().invoices[0]!;
  };
  const pdf = async (id: number, who = 'clerk') => {
    const response = await call('GET', `/api/v1/invoices/${id}/invoice.pdf`, who);
    expect(response.statusCode).toBe(200);
    return { raw: response.rawPayload, text: pdfTextOf(response.rawPayload) };
  };
  const english = /Invoice|Due date|Payment|Thank you|BILL TO|DELIVERIES|Total due|page 1 of/;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date('2026-03-10T09:30:00');
    const [north] = await t.db
      .insert(plants)
      .values({ description: 'North', systemTypeId: 1 })
      .returning({ id: plants.id });
    ids.north = north!.id;
    await t.db.insert(taxLevels).values([
      { id: 9001, description: 'State', taxRate: 5.75 },
      { id: 9002, description: 'County', taxRate: 1.5 },
    ]);
    await t.db.insert(taxSchedules).values({ id: 9001, description: 'Franklin County' });
    await t.db.insert(taxScheduleLevels).values([
      { taxScheduleId: 9001, taxLevelId: 9001 },
      { taxScheduleId: 9001, taxLevelId: 9002 },
    ]);
    const rows = await t.db
      .insert(customers)
      .values([
        {
          number: 'C7',
          name: 'Ortega Construcción',
          language: 'es',
          taxScheduleId: 9001,
          billingAddress1: '12 Main St',
          billingAddress3: 'Columbus',
        },
        { number: 'C8', name: 'Ruiz Pavimentos', language: 'es' },
        { number: 'C9', name: 'Acme Builders' },
      ])
      .returning({ id: customers.id, name: customers.name });
    for (const row of rows) ids[row.name] = row.id;
    // Ortega's concrete terms: 2% 10, net 30 from the start of the year.
    await t.db.insert(customerConcretePricing).values({
      customerId: ids['Ortega Construcción']!,
      termsDiscountId: termsDiscountIds.twoTenNet30,
      startDate: '2026-01-01',
    });
    const [job] = await t.db
      .insert(jobs)
      .values({ customerId: ids['Ortega Construcción']!, number: 'J-7' })
      .returning({ id: jobs.id });
    ids['Ortega ConstrucciónJob'] = job!.id;
    const [mix, fee] = await t.db
      .insert(products)
      .values([
        { number: '3000', description: '3000 PSI', systemTypeId: 1, unitOfMeasureId: 1 },
        { number: 'ENV', description: 'Environmental fee', systemTypeId: 1, unitOfMeasureId: 5 },
      ])
      .returning({ id: products.id });
    Object.assign(ids, { mix: mix!.id, fee: fee!.id });
    await addUsers(t, tokens, [
      ['clerk', [1001], { [flagInvoiceForm]: 5, [customerForm]: 5 }],
      ['noPrices', [1001], { [flagInvoiceForm]: 4 }],
    ]);
  });
  afterAll(() => t.close());

  it('prints a Spanish customer’s invoice in Spanish, its terms, amounts and dates included', async () => {
    const made = await delivered('Ortega Construcción', [
      [{ productId: ids.mix!, quantity: 10, price: 120 }],
      [{ productId: ids.mix!, quantity: 8, price: 120 }],
    ]);
    // 18 yd at 120,00 = 2160,00, tax 7,25 % = 156,60: 2316,60; 2 % of it is 46,33.
    const { raw, text } = await pdf(made.id);
    for (const spanish of [
      'FACTURA',
      `Factura n.º ${made.number}`,
      'Fecha 09/03/2026',
      // The terms are data: printed as their lookup row names them.
      'Condiciones 2% 10, net 30',
      'Vencimiento 08/04/2026',
      'Cliente n.º C7',
      'OC n.º 4471',
      'FACTURAR A',
      'ENTREGAS',
      '2 boletas',
      // The lines' columns, and a line's product, plant, job and PO.
      'Boleta Fecha',
      'Pedido Producto Cant. Ud. Precio Importe Impuesto',
      '3000 · North · Obra J-7 OC 4471',
      '1200,00',
      'Subtotal 2160,00',
      'Impuesto 156,60',
      'Total a pagar 2316,60',
      'CONDICIONES: 2% 10, NET 30',
      'El pago de 2316,60 vence el 08/04/2026.',
      'Pagada a más tardar el 19/03/2026, 2270,27 la salda (descuento del 2 %: 46,33).',
      `Gracias por su preferencia. Indique la factura ${made.number} y OC 4471 al realizar su pago.`,
      `Factura ${made.number} · página 1 de 1`,
    ]) {
      expect(text).toContain(spanish);
    }
    expect(text).not.toMatch(english);
    expect(text).not.toMatch(/2,316\.60|2026-04-08/);
    // A level that hides prices reads the terms in Spanish, not the amounts.
    const hidden = (await pdf(made.id, 'noPrices')).text;
    expect(hidden).toContain(
      'El pago vence el 08/04/2026. Pagada a más tardar el 19/03/2026, obtiene un descuento del 2 %.',
    );
    expect(hidden).not.toMatch(/2316,60|46,33|Importe/);
    if (kind === 'pglite') {
      mkdirSync(samples, { recursive: true });
      writeFileSync(join(samples, 'invoice-pdf-es.pdf'), raw);
    }
  });

  it('prints due on receipt, a unit and a credit note in Spanish', async () => {
    const made = await delivered('Ruiz Pavimentos', [
      [
        { productId: ids.mix!, quantity: 3, price: 120 },
        { productId: ids.fee!, quantity: 1, price: 15 },
      ],
    ]);
    const { text } = await pdf(made.id);
    for (const spanish of [
      'Condiciones Pago al recibir',
      'Vencimiento 09/03/2026',
      '1 boleta',
      '1 ud. 15,00',
      'Environmental fee ENV · North',
      'CONDICIONES: PAGO AL RECIBIR',
      'El pago vence al recibir la factura.',
    ]) {
      expect(text).toContain(spanish);
    }
    expect(text).not.toMatch(english);

    const credited = await call('POST', `/api/v1/invoices/${made.id}/credit`, 'clerk', {
      reason: 'Mezcla equivocada',
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const credit = credited.json<Made>();
    const creditText = (await pdf(credit.id)).text;
    for (const spanish of [
      'NOTA DE CRÉDITO',
      `Nota de crédito n.º ${credit.number}`,
      'ANULA',
      `Factura ${made.number} Mezcla equivocada`,
      'Total acreditado',
      'Esta nota de crédito anula la factura indicada; sus boletas se pueden volver a facturar.',
      `Nota de crédito ${credit.number} · página 1 de 1`,
    ]) {
      expect(creditText).toContain(spanish);
    }
    expect(creditText).not.toMatch(/CREDIT NOTE|CREDITS|Total credit|Vencimiento|CONDICIONES/);
  });

  it('keeps an English customer’s invoice English, until the customer is set to Spanish', async () => {
    const made = await delivered('Acme Builders', [
      [{ productId: ids.mix!, quantity: 4, price: 120 }],
    ]);
    const before = (await pdf(made.id)).text;
    for (const shown of [
      'INVOICE',
      `Invoice no. ${made.number}`,
      'Terms Due on receipt',
      `Due date ${day}`,
      'BILL TO',
      '1 ticket',
      'Ticket Date',
      'Order Product Qty Unit Price Amount Tax',
      'Total due',
      '480.00',
      'Payment is due on receipt.',
      `Thank you for your business. Please quote invoice ${made.number} and PO 4471 with your payment.`,
      `Invoice ${made.number} · page 1 of 1`,
    ]) {
      expect(before).toContain(shown);
    }
    expect(before).not.toMatch(/FACTURA|Vencimiento|boleta|página/);

    // The clerk sets the customer's language on its record: the next print is Spanish.
    const path = `/api/v1/customers/${ids['Acme Builders']}`;
    const customer = (await call('GET', path)).json<Json>();
    expect(customer.language).toBe('en');
    const saved = await call('PUT', path, 'clerk', { language: 'es', version: customer.version });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await pdf(made.id)).text;
    expect(after).toContain(`Factura n.º ${made.number}`);
    expect(after).toContain('Total a pagar');
    expect(after).toContain('480,00');
    expect(after).not.toMatch(english);
  });
});
