/**
 * Ticket inquiry's routes (R-INQ-1..R-INQ-6, R-INQ-11) on a real database: every filter, paging
 * and sort, a ticket by number (one per plant), one ticket with its lines, totals, times, batched
 * weights, changes and invoice, 404 and 400 naming the field, prices left out for levels 2 and 4,
 * 403 without the form, the export, and the count capped on a long history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inquiryCountCap } from '@dispatch/domain/inquiry/inquiry-fields';
import { priceFieldsIn } from '@dispatch/domain/pricing';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import type { ErrorAnswer } from '../../../test/order-fixtures';
import { databaseKinds } from '../../../test/test-tenancy';
import { makeInquiryHistory, type InquiryHistory } from '../../../test/inquiry-fixtures';

type Row = {
  id: number;
  number: number;
  plantName: string;
  customerName: string;
  jobNumber: string;
  customerPoNumber: string;
  productDescription: string;
  lineCount: number;
  voidedFlag: boolean;
  invoiceNumber: number | null;
  extendedPrice?: number | null;
};
type List = { error: boolean; count: number; countCapped: boolean; data: Row[] };

describe.each(databaseKinds)('ticket inquiry on %s', (kind) => {
  let t: TestApp;
  let h: InquiryHistory;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'clerk');
  const search = async (query: string, who = 'clerk') => {
    const response = await call('GET', `/api/v1/inquiry/tickets?${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<List>();
  };
  const numbersOf = (list: List) => list.data.map((row) => `${row.number}@${row.plantName}`);

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date('2026-03-12T16:00:00');
    h = await makeInquiryHistory(t, call, tokens);
  });
  afterAll(() => t?.close());

  it('R-INQ-2: lists all history newest first, voided tickets included, with order, job, PO and first product', async () => {
    const all = await search('');
    expect(all).toMatchObject({ error: false, count: 4, countCapped: false });
    expect(numbersOf(all)).toEqual([
      '501@Granite Pit',
      '503@North Yard',
      '502@North Yard',
      '501@North Yard',
    ]);
    const first = all.data.find((row) => row.id === h.tickets.first.id)!;
    expect(first).toMatchObject({
      customerName: 'Acme Builders',
      customerNumber: 'C1',
      orderNumber: h.orders.acme.number,
      jobNumber: 'J-TOWER',
      customerPoNumber: 'PO-7781',
      truckNumber: 'M-12',
      productDescription: '3000 PSI',
      quantity: 10,
      lineCount: 2,
      voidedFlag: false,
      invoiceNumber: h.invoices.acme.number,
      // 10 × 128.50 + 2 × 15.00
      extendedPrice: 1315,
    });
    // R-TEDIT-2: the clerk's job and PO on 502 are what inquiry shows.
    expect(all.data.find((row) => row.id === h.tickets.corrected.id)).toMatchObject({
      jobNumber: 'J-ANNEX',
      customerPoNumber: 'ANNEX-55',
    });
    expect(all.data.find((row) => row.id === h.tickets.voided.id)?.voidedFlag).toBe(true);
    // The credit note released the pit's ticket.
    expect(all.data.find((row) => row.id === h.tickets.pitTicket.id)?.invoiceNumber).toBeNull();
  });

  it('R-INQ-5: a ticket by number finds it at every plant that wrote that number', async () => {
    expect(numbersOf(await search('number=501'))).toEqual(['501@Granite Pit', '501@North Yard']);
    expect(numbersOf(await search(`number=501&plantId=${h.plants.north}`))).toEqual([
      '501@North Yard',
    ]);
    expect((await search('number=999')).data).toEqual([]);
  });

  it('R-INQ-2: filters by customer, job, PO, days, plant, truck, product, system type and void', async () => {
    const cases: [string, string[]][] = [
      [`customerId=${h.customers.zephyr}`, ['501@Granite Pit']],
      // The order's job, except on 502 whose job a clerk changed; and 502 by its own job.
      [`jobId=${h.jobs.tower}`, ['503@North Yard', '501@North Yard']],
      [`jobId=${h.jobs.annex}`, ['502@North Yard']],
      // Any part of the PO, in any case: the order's, or the ticket's own.
      ['po=7781', ['503@North Yard', '501@North Yard']],
      ['po=annex', ['502@North Yard']],
      ['dateFrom=2026-03-10&dateTo=2026-03-10', ['503@North Yard']],
      ['dateFrom=2026-03-10', ['501@Granite Pit', '503@North Yard']],
      ['dateTo=2026-03-09', ['502@North Yard', '501@North Yard']],
      [`plantId=${h.plants.pit}`, ['501@Granite Pit']],
      [`truckId=${h.trucks.mixer}&dateTo=2026-03-09`, ['502@North Yard', '501@North Yard']],
      [`productId=${h.products.fiber}`, ['501@North Yard']],
      ['systemTypeId=2', ['501@Granite Pit']],
      ['voided=only', ['503@North Yard']],
      [`voided=exclude&customerId=${h.customers.acme}`, ['502@North Yard', '501@North Yard']],
      [
        `customerId=${h.customers.acme}&dateFrom=2026-03-09&dateTo=2026-03-09`,
        ['502@North Yard', '501@North Yard'],
      ],
    ];
    for (const [query, expected] of cases) {
      expect(numbersOf(await search(query)), query).toEqual(expected);
    }
  });

  it('R-INQ-3: pages and sorts on the server, counting every match', async () => {
    const page = await search('limit=2&offset=1');
    expect(page.count).toBe(4);
    expect(numbersOf(page)).toEqual(['503@North Yard', '502@North Yard']);
    const past = await search('limit=2&offset=10');
    expect(past).toMatchObject({ count: 4, data: [] });
    expect(numbersOf(await search('sort=number&order=asc&limit=3'))).toEqual([
      '501@Granite Pit',
      '501@North Yard',
      '502@North Yard',
    ]);
    expect(numbersOf(await search('sort=ticketDateTime&order=asc&limit=1'))).toEqual([
      '501@North Yard',
    ]);
  });

  it('R-INQ-2: answers 400 naming the field and the reason', async () => {
    const cases: [string, string][] = [
      ['dateFrom=2026-03-10&dateTo=2026-03-09', 'dateTo'],
      ['dateFrom=2026-02-30', 'dateFrom'],
      ['customerId=acme', 'customerId'],
      ['number=0', 'number'],
      ['systemTypeId=4', 'systemTypeId'],
      ['voided=maybe', 'voided'],
      ['sort=customerName', 'sort'],
      ['limit=501', 'limit'],
      [`po=${'x'.repeat(51)}`, 'po'],
    ];
    for (const [query, field] of cases) {
      const response = await call('GET', `/api/v1/inquiry/tickets?${query}`);
      expect(response.statusCode, query).toBe(400);
      const answer = response.json<ErrorAnswer>();
      expect(answer.data[0]?.field, query).toBe(field);
      expect(answer.message, query).toMatch(new RegExp(`^${field}: .+`));
    }
  });

  it('R-INQ-4: opens a ticket with its order, job, truck, driver, products, totals, times, batched weights, changes and invoice', async () => {
    const response = await call('GET', `/api/v1/inquiry/tickets/${h.tickets.first.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const ticket = response.json<Record<string, unknown>>();
    expect(ticket).toMatchObject({
      number: 501,
      systemTypeId: 1,
      statusName: 'Complete',
      voidedFlag: false,
      userName: 'dispatcher',
      order: { id: h.orders.acme.id, number: h.orders.acme.number, shipDate: '2026-03-09' },
      customerPoNumber: 'PO-7781',
      customer: { id: h.customers.acme, number: 'C1', name: 'Acme Builders' },
      job: {
        id: h.jobs.tower,
        number: 'J-TOWER',
        site: 'Tower site',
        lines: ['100 High St', 'Columbus, OH 43215'],
        directions: 'Gate 3 off Main',
      },
      plant: { id: h.plants.north, name: 'North Yard' },
      truck: { id: h.trucks.mixer, number: 'M-12' },
      driver: { name: 'Dana Driver' },
      lines: [
        {
          productNumber: '3000',
          description: '3000 PSI',
          quantity: 10,
          price: 128.5,
          extendedPrice: 1285,
        },
        { productNumber: 'FIB', quantity: 2, price: 15, extendedPrice: 30, taxableFlag: false },
      ],
      // Tax 7.25 % on the taxable 1,285.00 only.
      totals: { extendedPrice: 1315, taxRate: 7.25, taxAmount: 93.16, totalAmount: 1408.16 },
      times: {
        ticketDateTime: new Date('2026-03-09T07:30:00').toISOString(),
        batchDateTime: new Date('2026-03-09T07:31:00').toISOString(),
        onJobDateTime: new Date('2026-03-09T08:00:00').toISOString(),
        arrivePlantDateTime: null,
      },
      batchWeights: [
        { code: 'CEM', description: 'Cement type I', unit: 'lb', target: 5640, batched: 5655 },
      ],
      invoice: {
        id: h.invoices.acme.id,
        number: h.invoices.acme.number,
        invoiceDate: '2026-03-12',
        creditedByNumber: null,
      },
    });
  });

  it('R-INQ-4: shows the changes edit tickets recorded, and a void with its reason', async () => {
    const corrected = (
      await call('GET', `/api/v1/inquiry/tickets/${h.tickets.corrected.id}`)
    ).json<{
      history: {
        username: string;
        reason: string;
        changes: { field: string; after: unknown; afterLabel?: string }[];
      }[];
    }>();
    expect(corrected.history).toHaveLength(1);
    expect(corrected.history[0]).toMatchObject({
      username: 'office',
      reason: 'Poured at the annex',
    });
    expect(corrected.history[0]!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'jobId', afterLabel: 'J-ANNEX' }),
        expect.objectContaining({ field: 'customerPoNumber', after: 'ANNEX-55' }),
      ]),
    );
    const voided = (await call('GET', `/api/v1/inquiry/tickets/${h.tickets.voided.id}`)).json();
    expect(voided).toMatchObject({
      voidedFlag: true,
      voidStatusName: 'Entry error',
      voidReason: 'Wrong mix keyed',
      voidUserName: 'office',
      invoice: null,
    });
    const pit = (await call('GET', `/api/v1/inquiry/tickets/${h.tickets.pitTicket.id}`)).json();
    // Aggregate: no batch panel weights; no tax schedule: a rate of 0.
    expect(pit).toMatchObject({ batchWeights: [], totals: { taxRate: 0, totalAmount: 540 } });
  });

  it('R-INQ-4: answers 404 for a ticket that does not exist or is of a system type the caller lacks', async () => {
    const missing = await call('GET', '/api/v1/inquiry/tickets/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorAnswer>().message).toBe('Ticket 999999 was not found.');
    const aggregate = await call(
      'GET',
      `/api/v1/inquiry/tickets/${h.tickets.pitTicket.id}`,
      'concreteOnly',
    );
    expect(aggregate.statusCode).toBe(404);
    expect(numbersOf(await search('number=501', 'concreteOnly'))).toEqual(['501@North Yard']);
    expect((await search('systemTypeId=2', 'concreteOnly')).data).toEqual([]);
    expect((await call('GET', '/api/v1/inquiry/tickets/abc')).statusCode).toBe(400);
  });

  it('R-INQ-11: leaves prices out of lists, records and exports for levels 2 and 4, and keeps them for 3', async () => {
    for (const who of ['readNoPrices', 'fullNoPrices']) {
      const list = await search('', who);
      expect(priceFieldsIn(list), who).toEqual([]);
      const record = (
        await call('GET', `/api/v1/inquiry/tickets/${h.tickets.first.id}`, who)
      ).json<{ totals: unknown; lines: unknown[] }>();
      expect(priceFieldsIn(record), who).toEqual([]);
      expect(record.totals, who).toBeNull();
      expect(record.lines, who).toHaveLength(2);
      const csv = await call('GET', '/api/v1/inquiry/tickets/export?format=csv', who);
      expect(csv.body.split(/\r?\n/)[0], who).not.toContain('Amount');
    }
    expect(priceFieldsIn(await search('')).length).toBeGreaterThan(0);
  });

  it('R-INQ-11: refuses a caller without the Ticket Inquiry form, and an anonymous one', async () => {
    for (const url of [
      '/api/v1/inquiry/tickets',
      `/api/v1/inquiry/tickets/${h.tickets.first.id}`,
      '/api/v1/inquiry/tickets/export',
    ]) {
      const refused = await call('GET', url, 'nobody');
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json<ErrorAnswer>().message).toBe(
        'You do not have permissions to access this form Ticket Inquiry',
      );
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('R-INQ-6: the ticket opens as its delivery ticket PDF for a Ticket Inquiry clerk', async () => {
    const pdf = await call('GET', `/api/v1/tickets/${h.tickets.first.id}/ticket.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('R-INQ-3: exports what the search matches, in its sort, as CSV and Excel', async () => {
    const csv = await call(
      'GET',
      `/api/v1/inquiry/tickets/export?format=csv&customerId=${h.customers.acme}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="tickets.csv"');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Ticket,Date,Time,System type,Plant,Order,Customer number,Customer,Job,PO,Truck,Product,Quantity,Unit,Product lines,Status,Invoice,Amount',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['503', '502', '501']);
    expect(lines[1]).toContain(',Voided,');
    expect(lines[3]).toContain(
      `,Acme Builders,J-TOWER,PO-7781,M-12,3000 PSI,10,yd³,2,Complete,${h.invoices.acme.number},1315`,
    );
    const xlsx = await call('GET', '/api/v1/inquiry/tickets/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="tickets.xlsx"');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await call('GET', '/api/v1/inquiry/tickets/export?format=pdf')).statusCode).toBe(400);
  });

  it('R-INQ-3: stops counting at the cap on a long history, and says so', async () => {
    // Copies of ticket 501's order history, numbered past the fixtures', at another plant.
    await t.db.execute(sql`
      insert into tickets (number, order_id, plant_id, status_id, ticket_date_time)
      select 100000 + n, ${h.orders.zephyr.id}, ${h.plants.pit}, 3,
        timestamptz '2025-01-01 06:00' + n * interval '10 minutes'
      from generate_series(1, ${inquiryCountCap + 5}) as n`);
    const capped = await search('limit=50');
    expect(capped).toMatchObject({ count: inquiryCountCap, countCapped: true });
    expect(capped.data).toHaveLength(50);
    const narrowed = await search(`customerId=${h.customers.acme}&limit=2`);
    expect(narrowed).toMatchObject({ count: 3, countCapped: false });
  });
});
